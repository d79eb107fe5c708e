import type { Platform } from './posts.js';

/**
 * Per platform, term ('bitcoin' as stored in `search`, '$BTC', '#defi') and hour: the posts
 * holding the term, with each one's time, rank for the term alone and likes band, in four arrays
 * of the same length and order (postings/terms.ts writes them; docs/performance.md, "Search postings").
 */
export interface SearchPostingsTable {
  platform: Platform;
  term: string;
  hour: Date;
  ids: number[];
  times: Date[];
  ranks: number[];
  /** Each post's likes band (postings/terms.ts, LIKES_BANDS), kept as its likes change across one. */
  bands: number[];
}

/**
 * Per platform, term and UTC day: how many posts hold the term, the day's postings added up
 * (postings/terms.ts keeps both in the same statements). A search counts a long window off these
 * rows and reads postings for its ragged ends alone.
 */
export interface SearchTermDaysTable {
  platform: Platform;
  term: string;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  posts: number;
}
