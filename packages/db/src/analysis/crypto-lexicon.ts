// Crypto-market words for VADER, on its scale (-4 extremely negative … +4 extremely positive;
// for comparison VADER rates good 1.9, great 3.1, bad -2.5, crash -1.7). General vocabulary of
// the field, written from what the words mean to traders, not fitted to any one post; see
// docs/social-data.md ("Sentiment model") for how it was measured.
//
// Words that are neutral in the field get no entry: VADER reads unknown words as neutral
// (sideways, consolidation, range, halving, staking, whale, airdrop, wen), and so are words
// that cut both ways ('dip': bad news, or 'buy the dip'). VADER's own 'fud' (-1.1) stays. Words removed
// (CRYPTO_NEUTRAL) are words VADER rates but that name a market level rather than a feeling.

/** Added to, or replacing, VADER's own ratings. Keys are lower case, as VADER looks them up. */
export const CRYPTO_LEXICON: Readonly<Record<string, number>> = {
  // Direction and conviction
  bullish: 2.0, bull: 1.0, bulls: 0.6, bearish: -2.0, bear: -1.0, bears: -0.6,
  uptrend: 1.4, downtrend: -1.4, upside: 1.0, undervalued: 1.2, overvalued: -1.0, oversold: 0.6, overbought: -0.6,
  outperform: 1.3, outperforming: 1.3, outperformed: 1.3, underperform: -1.3, underperforming: -1.3, underperformed: -1.3,
  accumulate: 0.8, accumulating: 0.8, accumulation: 0.8, altseason: 1.5, bullrun: 2.0,
  // Price up
  moon: 1.8, mooning: 2.4, moons: 1.8, pump: 1.0, pumping: 1.5, pumps: 1.0, breakout: 0.9, breakouts: 0.9,
  rally: 1.8, rallying: 1.9, rallies: 1.6, rallied: 1.8, surge: 1.7, surging: 1.9, surged: 1.7, soar: 2.0, soaring: 2.2,
  soared: 2.0, skyrocket: 2.2, skyrocketing: 2.4, skyrocketed: 2.2, parabolic: 1.6, ath: 2.0, aths: 2.0, rebound: 1.3,
  rebounded: 1.3, rebounding: 1.3, climbing: 1.0, climbs: 1.0, climbed: 1.0, flipped: 1.0, highs: 0.9, up: 0.6, green: 0.9,
  lambo: 1.5, gem: 1.4,
  // Price down
  dump: -1.8, dumping: -1.9, dumped: -1.8, dumps: -1.8, crashing: -2.2, crashed: -2.2, crashes: -2.0,
  plunge: -2.0, plunging: -2.1, plunged: -2.0, plummet: -2.3, plummeting: -2.4, plummeted: -2.3, tank: -1.2, tanking: -2.0,
  tanked: -2.0, bleeding: -1.8, bleed: -1.6, bloodbath: -2.8, selloff: -1.6, drops: -1.0, dropped: -1.0, dropping: -1.0,
  falling: -1.0, fell: -1.0, fallen: -1.0, lows: -0.9, down: -0.8, red: -0.9,
  capitulation: -1.9, capitulating: -1.9, capitulated: -1.9, breakdown: -1.2, fakeout: -1.0, underwater: -1.4,
  // Outcomes for holders
  rekt: -2.6, wrecked: -2.2, liquidated: -2.2, liquidation: -1.3, liquidations: -1.3, bagholder: -1.8, bagholders: -1.8,
  bagholding: -1.8, ngmi: -2.0, wagmi: 2.0, lfg: 2.2, hodl: 1.2, hodling: 1.2, hodlers: 0.9,
  cope: -1.0, copium: -1.4, hopium: -0.8, fomo: -0.4,
  // Failures, fraud and risk
  rug: -2.6, rugged: -2.9, rugpull: -3.0, rugpulled: -3.0, ponzi: -2.8, shitcoin: -1.6, shitcoins: -1.6,
  shill: -1.3, shilling: -1.3, shills: -1.3, exploit: -2.0, exploits: -2.0, hack: -2.0, hacks: -2.0,
  depeg: -2.2, depegged: -2.4, depegging: -2.2, insolvent: -2.5, insolvency: -2.5, delisted: -1.8, delisting: -1.6,
  outage: -1.6, outages: -1.6, halted: -1.2, bubble: -0.9,
  // Emoji: the JavaScript VADER rates none (the Python one reads their names).
  '🚀': 1.5, '📈': 1.3, '📉': -1.3, '🔥': 1.2, '🩸': -1.5, '💀': -1.2, '🙌': 1.3, '🎉': 1.5, '💔': -1.6, '😡': -1.8,
  '😩': -1.3,
};

/**
 * Words VADER rates as feelings that name a market level or a position here ('support' 1.7,
 * 'top' 0.8): removed, so they read as neutral.
 */
export const CRYPTO_NEUTRAL: readonly string[] = ['support', 'top'];

/** VADER's lexicon with the crypto words added (ours win where both rate a word). */
export function withCryptoWords(base: ReadonlyMap<string, number>): Map<string, number> {
  const lexicon = new Map([...base, ...Object.entries(CRYPTO_LEXICON)]);
  for (const word of CRYPTO_NEUTRAL) lexicon.delete(word);
  return lexicon;
}
