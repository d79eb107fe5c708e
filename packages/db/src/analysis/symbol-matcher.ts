/** The fields of a tracked asset that posts are matched against. */
export interface AssetRef {
  symbol: string;
  name: string;
  slug: string;
}

/**
 * Coin names that are also everyday English words ("near the top", "a stellar week", "an
 * avalanche of liquidations"). In running text they are not counted as mentions; as $NEAR,
 * #near or an upper-case NEAR they are.
 */
const COMMON_WORDS = new Set(['near', 'render', 'stellar', 'optimism', 'avalanche']);

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compact = (value: string) => value.toLowerCase().replace(/[\s.\-_]+/g, '');
// "usd-coin", "USD Coin" and "usd  coin" are one phrase.
const phraseKey = (value: string) => value.toLowerCase().replace(/[\s-]+/g, ' ');

export interface SymbolMatcher {
  /** Tickers of the tracked assets a post mentions, upper case and sorted. */
  symbolsIn(text: string, hashtags: readonly string[], cashtags: readonly string[]): string[];
}

/**
 * Finds coin mentions four ways: cashtags ($BTC), hashtags (#eth, #bitcoin, #shibainu), names
 * and slugs in running text ("Bitcoin", "bitcoin cash", "ripple"), and tickers written in
 * capitals (ETH, SOL; three letters or more, so "OP" in a sentence is not Optimism).
 */
export function createSymbolMatcher(assets: readonly AssetRef[]): SymbolMatcher {
  const bySymbol = new Map<string, string>();
  const byTag = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const { symbol, name, slug } of assets) {
    const ticker = symbol.toUpperCase();
    bySymbol.set(ticker, ticker);
    for (const key of [ticker.toLowerCase(), compact(name), compact(slug)]) {
      if (!byTag.has(key)) byTag.set(key, ticker);
    }
    for (const phrase of [phraseKey(name), phraseKey(slug)]) {
      if (/\p{L}/u.test(phrase) && !COMMON_WORDS.has(phrase) && !byName.has(phrase)) byName.set(phrase, ticker);
    }
  }

  // Longest names first, so "bitcoin cash" is Bitcoin Cash and not Bitcoin.
  const phrases = [...byName.keys()].sort((a, b) => b.length - a.length);
  const namePattern =
    phrases.length > 0
      ? new RegExp(
          `(?<![\\p{L}\\p{N}_$#])(${phrases.map((p) => escapeRegExp(p).replaceAll(' ', '[\\s-]+')).join('|')})(?![\\p{L}\\p{N}_])`,
          'giu',
        )
      : undefined;
  const capsPattern = /(?<![\p{L}\p{N}_$#])([A-Z][A-Z0-9]{2,9})(?![\p{L}\p{N}_])/gu;

  return {
    symbolsIn(text, hashtags, cashtags) {
      const found = new Set<string>();
      for (const tag of cashtags) {
        const ticker = bySymbol.get(tag.toUpperCase());
        if (ticker) found.add(ticker);
      }
      for (const tag of hashtags) {
        const ticker = byTag.get(compact(tag));
        if (ticker) found.add(ticker);
      }
      if (namePattern) {
        for (const match of text.matchAll(namePattern)) {
          const ticker = byName.get(phraseKey(match[1] ?? ''));
          if (ticker) found.add(ticker);
        }
      }
      for (const match of text.matchAll(capsPattern)) {
        const ticker = bySymbol.get(match[1] ?? '');
        if (ticker) found.add(ticker);
      }
      return [...found].sort();
    },
  };
}
