// A tag starts after a boundary that is not part of a word, a URL path (/#) or an HTML
// entity (&#123;), as the platforms themselves link them.
const HASHTAG = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{N}_]{1,100})/gu;
// Cashtags start with a letter: "$100" is a price, not a coin.
const CASHTAG = /(?<![\p{L}\p{N}_$])\$([A-Za-z][A-Za-z0-9]{0,9})(?![\p{L}\p{N}_])/gu;
const HAS_LETTER = /\p{L}/u;

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** '#ETH and #DeFi' → ['eth', 'defi']: lower case, in order of first use, digits-only tags dropped. */
export function extractHashtags(text: string): string[] {
  return unique(Array.from(text.matchAll(HASHTAG), (m) => (m[1] ?? '').toLowerCase()).filter((tag) => HAS_LETTER.test(tag)));
}

/** '$btc and $ETH' → ['BTC', 'ETH']: upper case, in order of first use. */
export function extractCashtags(text: string): string[] {
  return unique(Array.from(text.matchAll(CASHTAG), (m) => (m[1] ?? '').toUpperCase()));
}
