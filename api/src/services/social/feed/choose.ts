/**
 * Below this share of posts (by PostgreSQL's statistics, parts taken as independent) a
 * combination of words, coins and hashtags is read through their GIN indexes and sorted rather
 * than found by walking the newest posts. The planner takes the parts as independent too, and
 * walks: "$UNI" with "bitcoin", which rarely meet, read 96,000 Twitter posts for 26 matches
 * (194 ms at 1,000,000 posts) where the two indexes ANDed held them in a few milliseconds.
 */
export const FEED_WALK_MIN_SHARE = 0.01;

/**
 * The named ways a /v1/data page is read (docs/performance.md, "The /v1/data feed"):
 * - `feed-walk`: each platform's newest matches walked off its (platform, created_at, id) index,
 *   which includes the likes, checking each post on the way;
 * - `feed-indexed`: a combination the statistics call rare (below FEED_WALK_MIN_SHARE): its
 *   matches read through the GIN indexes, then sorted.
 * Either way the platforms' newest are merged and cut in the statement, and only the page's rows are read whole.
 */
export type FeedStrategy = 'feed-walk' | 'feed-indexed';

/** The strategy for a share of posts matching (null: the statistics cannot tell, or an account's own posts). */
export const chooseFeed = (share: number | null): FeedStrategy =>
  share !== null && share < FEED_WALK_MIN_SHARE ? 'feed-indexed' : 'feed-walk';
