import type { SearchParts } from '../term-frequency.js';

/** How many of each platform's newest matches are ranked when the query has words. */
export const RELEVANCE_CANDIDATES = 200;

/**
 * A search the postings answer (docs/performance.md, "Search postings"): its terms all required
 * ('bitcoin', '$BTC', '#defi' as stored there), the rarest first, which drives the read; the others
 * are checked in the postings of the same hour. `rankFromPostings`: the words are one lexeme (or
 * none), so each posting's rank is the search's.
 */
export interface PostingsPlan {
  terms: readonly [string, ...string[]];
  rankFromPostings: boolean;
}

/** What steers a search's reads: its parts, and the postings plan when the postings can answer it. */
export interface SearchFacts {
  parts: SearchParts;
  /** Null for an account's own posts (no postings), for a search with no term, and for words beyond lexemes joined by AND. */
  postings: PostingsPlan | null;
  /** The shared posts (whose hourly rollups count every post), not an account's own. */
  shared: boolean;
}

/**
 * The named ways a search reads (docs/performance.md, "The search planner"). Counts, per platform,
 * up to SEARCH_COUNT_CAP + 1:
 * - `term-count`: one term: the window's whole days off search_term_days, its other whole hours
 *   as their number of postings, the cut hours by their postings' times (term-count.ts);
 * - `postings-count`: the driving term's postings in the window, newest hours first, the other terms checked;
 * - `rollup-count`: no term, the shared posts: the window's whole hours off platform_hourly_stats,
 *   the hours it cuts off the time index (search/window.ts);
 * - `index-count`: the planner's count through the indexes (no term, own posts, OR/NOT/phrases/prefixes).
 * Rows (the postings strategies in one statement that returns the page's rows alone):
 * - `newest-postings`: terms but no words: each platform's newest matches off the postings, merged;
 * - `ranked-postings`: words: each platform's RELEVANCE_CANDIDATES newest matches off the postings,
 *   ranked, then the older matches newest first (off the postings too);
 * - `newest-window`: no term, the shared posts: each platform's newest in the window off its time
 *   index, merged and cut in one statement with the rollup count;
 * - `newest`: neither postings nor words: each platform's newest matches through the indexes, merged;
 * - `ranked-indexed`: words the postings cannot answer: the same order, read through the GIN indexes.
 */
export type SearchCountStrategy = 'term-count' | 'postings-count' | 'rollup-count' | 'index-count';
export type SearchRowsStrategy = 'newest-postings' | 'ranked-postings' | 'newest-window' | 'newest' | 'ranked-indexed';

/** No words, coins or hashtags: every post of the window matches. */
const noTerm = ({ parts }: SearchFacts) => parts.tsquery === null && parts.symbols.length === 0 && parts.hashtags.length === 0;

export function chooseSearchCount(f: SearchFacts): SearchCountStrategy {
  if (f.postings) return f.postings.terms.length === 1 ? 'term-count' : 'postings-count';
  return f.shared && noTerm(f) ? 'rollup-count' : 'index-count';
}

export function chooseSearchRows(f: SearchFacts): SearchRowsStrategy {
  if (f.parts.tsquery === null) return f.postings ? 'newest-postings' : f.shared && noTerm(f) ? 'newest-window' : 'newest';
  return f.postings ? 'ranked-postings' : 'ranked-indexed';
}

const LEXEME = /^'([^']+)'$/;

/**
 * The postings plan of a search of the shared posts: null when a part is not a plain term (words
 * joined by anything but AND, phrases, prefixes, negations) or there is no term. `frequency` gives
 * a term's share of posts by the statistics (undefined when too rare for them: rarest of all).
 */
export function postingsPlanOf(parts: SearchParts, frequency: (term: string) => number | undefined): PostingsPlan | null {
  const lexemes: string[] = [];
  if (parts.tsquery !== null) {
    for (const operand of parts.tsquery.split(' & ')) {
      const lexeme = LEXEME.exec(operand)?.[1];
      if (lexeme === undefined || lexeme.includes("''") || lexeme.includes('\\')) return null;
      lexemes.push(lexeme);
    }
  }
  const terms = [...lexemes, ...parts.symbols.map((s) => `$${s}`), ...parts.hashtags.map((h) => `#${h}`)];
  const [first, ...rest] = [...new Set(terms)].sort((a, b) => (frequency(a) ?? 0) - (frequency(b) ?? 0));
  if (first === undefined) return null;
  return { terms: [first, ...rest], rankFromPostings: lexemes.length === 0 || (lexemes.length === 1 && first === lexemes[0]) };
}
