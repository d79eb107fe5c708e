import { describe, expect, it } from 'vitest';
import { ASSET_LIST } from '../seed/asset-list.js';
import { analyzePost } from './analyze.js';
import { extractCashtags, extractHashtags } from './extract.js';
import { sentimentScore } from './sentiment.js';
import { createSymbolMatcher } from './symbol-matcher.js';

const matcher = createSymbolMatcher(ASSET_LIST);
const symbolsOf = (text: string) => analyzePost(text, matcher).symbols;

describe('sentimentScore', () => {
  it('maps VADER compound -1..1 onto 0..1 with 0.5 as neutral', () => {
    expect(sentimentScore('The report was published on Tuesday.')).toBe(0.5);
    expect(sentimentScore('I love this rally, amazing gains!')).toBeGreaterThanOrEqual(0.7);
    expect(sentimentScore('Terrible crash, I hate losing everything.')).toBeLessThan(0.4);
  });

  it('reads social-media emphasis: capitals and exclamation marks push further', () => {
    expect(sentimentScore('This is GREAT!!!')).toBeGreaterThan(sentimentScore('This is great'));
  });

  it('stays within 0..1 at both extremes', () => {
    const scores = ['best best best love love win awesome!!!', 'worst worst hate hate awful scam!!!'].map((text) => sentimentScore(text));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);
    for (const score of scores) expect(score).toBeLessThanOrEqual(1);
  });
});

describe('extractHashtags', () => {
  it('lower-cases, keeps first-use order and drops repeats', () => {
    expect(extractHashtags('#ETH to the moon #DeFi #eth #web3')).toEqual(['eth', 'defi', 'web3']);
  });

  it('ignores digit-only tags, URL fragments, HTML entities and mid-word #', () => {
    expect(extractHashtags('We are #1! https://x.com/page#section &#8364; C#sharp #ok_2')).toEqual(['ok_2']);
  });

  it('keeps letters beyond ASCII', () => {
    expect(extractHashtags('Café talk #kryptowährung')).toEqual(['kryptowährung']);
  });
});

describe('extractCashtags', () => {
  it('upper-cases tickers and skips prices', () => {
    expect(extractCashtags('$btc above $100k, $ETH and $SOL, again $BTC')).toEqual(['BTC', 'ETH', 'SOL']);
  });

  it('needs a boundary before the $', () => {
    expect(extractCashtags('US$BTC a$ETH')).toEqual([]);
  });
});

describe('coin symbols in a post', () => {
  it('finds cashtags of tracked assets and ignores unknown ones', () => {
    expect(symbolsOf('Buying $BTC and $NOTACOIN')).toEqual(['BTC']);
  });

  it('finds hashtags by ticker, name and slug, spaces and hyphens removed', () => {
    expect(symbolsOf('#eth #Solana #shibainu #ripple')).toEqual(['ETH', 'SHIB', 'SOL', 'XRP']);
  });

  it('finds names and slugs in running text, case-insensitively', () => {
    expect(symbolsOf('bitcoin and Ethereum both up; ripple flat')).toEqual(['BTC', 'ETH', 'XRP']);
  });

  it('prefers the longest name: Bitcoin Cash is not Bitcoin, Ethereum Classic is not Ethereum', () => {
    expect(symbolsOf('Bitcoin Cash beats Ethereum Classic')).toEqual(['BCH', 'ETC']);
    expect(symbolsOf('USD-Coin reserves')).toEqual(['USDC']);
  });

  it('finds tickers written in capitals, three letters or more', () => {
    expect(symbolsOf('ETH/BTC ratio falls, SOL holds, OP in the news')).toEqual(['BTC', 'ETH', 'SOL']);
  });

  it('does not take everyday words for coins unless written as a coin', () => {
    expect(symbolsOf('near the top after a stellar week and an avalanche of sells')).toEqual([]);
    expect(symbolsOf('$NEAR and #stellar, also AVAX')).toEqual(['AVAX', 'NEAR', 'XLM']);
  });

  it('does not find coins inside other words', () => {
    expect(symbolsOf('bitcoiners and tronics and suits')).toEqual([]);
  });
});

describe('analyzePost', () => {
  it('returns sentiment and the model that scored it, hashtags and symbols together', () => {
    expect(analyzePost('Love this $ETH breakout! #ethereum #crypto', matcher)).toEqual({
      sentiment: expect.any(Number),
      sentimentModel: 'vader-crypto-1',
      hashtags: ['ethereum', 'crypto'],
      symbols: ['ETH'],
    });
  });
});
