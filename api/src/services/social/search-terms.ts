/** A search box's text, split into what each part of the search matches. */
export interface SearchTerms {
  /** $BTC → 'BTC': posts that mention the coin. */
  symbols: string[];
  /** #defi → 'defi': posts with the hashtag. */
  hashtags: string[];
  /** Everything else, for PostgreSQL's websearch_to_tsquery (quotes, OR and -word work). */
  text: string;
}

const CASHTAG = /^\$([A-Za-z][A-Za-z0-9]{0,9})$/;
const HASHTAG = /^#([\p{L}\p{N}_]{1,100})$/u;

export function parseSearchTerms(q: string | undefined): SearchTerms {
  const terms: SearchTerms = { symbols: [], hashtags: [], text: '' };
  const words: string[] = [];
  for (const word of (q ?? '').split(/\s+/).filter(Boolean)) {
    const cashtag = CASHTAG.exec(word);
    const hashtag = HASHTAG.exec(word);
    if (cashtag?.[1]) terms.symbols.push(cashtag[1].toUpperCase());
    else if (hashtag?.[1]) terms.hashtags.push(hashtag[1].toLowerCase());
    else words.push(word);
  }
  terms.text = words.join(' ');
  return terms;
}
