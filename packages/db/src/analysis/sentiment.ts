import vader from 'vader-sentiment';
import { withCryptoWords } from './crypto-lexicon.js';
import { createVader, loadVaderLexicon } from './vader.js';

/**
 * Which scorer produced a stored sentiment. 'vader' is the plain vader-sentiment package (every
 * post stored before the crypto lexicon); 'vader-crypto-1' is VADER with the crypto lexicon of
 * crypto-lexicon.ts, reading "Not" as a negation as the original VADER does. A change to the lexicon or the scorer gets a new name, so that
 * `pnpm db:reanalyze` knows which stored posts to score again.
 */
export const SENTIMENT_MODELS = ['vader', 'vader-crypto-1'] as const;
export type SentimentModel = (typeof SENTIMENT_MODELS)[number];
export const SENTIMENT_MODEL: SentimentModel = 'vader-crypto-1';

const cryptoVader = createVader(withCryptoWords(loadVaderLexicon()), { negationIgnoresCase: true });

/** VADER's compound score, -1..1, from the given model. */
export function compoundScore(text: string, model: SentimentModel = SENTIMENT_MODEL): number {
  return model === 'vader' ? vader.SentimentIntensityAnalyzer.polarity_scores(text).compound : cryptoVader(text);
}

/**
 * VADER's compound score mapped from -1..1 to 0..1, so 0.5 is neutral and the spec's colour
 * thresholds (0.7 green, 0.4 yellow) read as "clearly positive" and "not clearly negative".
 * VADER is built for social-media text: it weighs capitals, punctuation, negation and slang.
 */
export function sentimentScore(text: string, model: SentimentModel = SENTIMENT_MODEL): number {
  return Math.round(((compoundScore(text, model) + 1) / 2) * 10_000) / 10_000;
}
