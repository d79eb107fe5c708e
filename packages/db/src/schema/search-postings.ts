import type { Platform } from './posts.js';

/**
 * Per platform, term ('bitcoin' as stored in `search`, '$BTC', '#defi') and hour: the posts
 * holding the term, with each one's time and rank for the term alone, in three arrays of the same
 * length and order (postings/terms.ts writes them; docs/performance.md, "Search postings").
 */
export interface SearchPostingsTable {
  platform: Platform;
  term: string;
  hour: Date;
  ids: number[];
  times: Date[];
  ranks: number[];
}
