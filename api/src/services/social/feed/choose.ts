/**
 * The named ways a /v1/data page is read (docs/performance.md, "The /v1/data feed"):
 * - `feed-postings`: the shared posts with plain terms (search/choose.ts, postingsPlanOf): each
 *   platform's newest matches walked off the search postings, the likes checked on the way;
 * - `feed-walk`: otherwise (no term, words with OR, NOT or phrases, an account's own posts):
 *   each platform's newest matches walked off its (platform, created_at, id) index, which
 *   includes the likes, checking each post on the way.
 * Either way the platforms' newest are merged and cut in the statement, and only the page's rows are read whole.
 */
export type FeedStrategy = 'feed-postings' | 'feed-walk';

export const chooseFeed = ({ postings }: { postings: boolean }): FeedStrategy => (postings ? 'feed-postings' : 'feed-walk');
