import type { SearchParts } from '../term-frequency.js';

/** How many of each platform's newest matches are ranked when the query has words. */
export const RELEVANCE_CANDIDATES = 200;

/**
 * A match held by at least this share of posts is counted, and its relevance candidates found, by
 * walking the window newest first (a count reads about 10,000 rows at a tenth, 15-27 ms at
 * 1,000,000 posts) rather than by the planner's bitmap of all its matches (155 ms to count
 * "bitcoin" over 7 days; 30-80 ms for its candidates in a day). Rarer ones would walk too far.
 */
export const WALK_MIN_SHARE = 0.08;
/** The walk reads this many times the rows the share predicts it needs, so a platform where the match is somewhat rarer still ends there. */
const WALK_MARGIN = 1.5;

/** What steers a search's reads: its parts and, for the shared dataset, the share of posts that hold them all. */
export interface SearchFacts {
  parts: SearchParts;
  /** By PostgreSQL's statistics (term-frequency.ts); null when they cannot tell, and for an account's own posts. */
  share: number | null;
}

/**
 * The named ways a search reads (docs/performance.md, "The search planner"). Counts, per platform,
 * up to SEARCH_COUNT_CAP + 1:
 * - `walk-count`: a common match, counted among the window's newest rows (read off the
 *   (platform, created_at) index), when that settles it: past the cap, or the window read whole;
 * - `index-count`: the planner's count through the GIN indexes, for a rarer match or when the walk did not settle it.
 * Rows:
 * - `newest`: no words; each platform's newest matches merged;
 * - `ranked-walked`: words, a common match: each platform's RELEVANCE_CANDIDATES newest matches
 *   found among the window's newest rows, ranked, then the older matches newest first;
 * - `ranked-indexed`: the same candidates read through the GIN indexes, for a rarer match or a walk that fell short.
 */
export type SearchCountStrategy = 'walk-count' | 'index-count';
export type SearchRowsStrategy = 'newest' | 'ranked-walked' | 'ranked-indexed';

/** How many of the window's newest rows a walk reads to meet `wanted` matches, with a margin; null for a match too rare to walk for. */
export function walkRowsFor(f: SearchFacts, wanted: number): number | null {
  return f.share !== null && f.share >= WALK_MIN_SHARE ? Math.ceil((WALK_MARGIN * wanted) / f.share) : null;
}

/** A platform's count: walked when the match is common, unless a walk already failed to settle it. */
export function chooseSearchCount(f: SearchFacts, walk: { settled: false } | undefined): SearchCountStrategy {
  return walkRowsFor(f, 1) !== null && !walk ? 'walk-count' : 'index-count';
}

/** A platform's rows: the newest without words; with words, ranked candidates walked for a common match unless the walk fell short. */
export function chooseSearchRows(f: SearchFacts, walk: { short: true } | undefined): SearchRowsStrategy {
  if (f.parts.tsquery === null) return 'newest';
  return walkRowsFor(f, 1) !== null && !walk ? 'ranked-walked' : 'ranked-indexed';
}
