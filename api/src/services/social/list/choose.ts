import { LIST_COUNT_CAP } from '@coinsight/contracts';
import type { ListFacts } from './facts.js';
import { placesChecked, sampleChecks } from './sample.js';
import { WALKED_PER_SORTED, type SampledMatches } from './walk-length.js';
import { HOUR_MS } from '../windows.js';

/**
 * The named ways a list page is read (docs/performance.md, "The list planner"):
 * - `platform-walk`: no filter; the sort's (platform, column, id) index is walked to the page, the
 *   total is the platform's post count from the hourly rollups.
 * - `window-walk`: dates alone on whole hours, sorted by time; walked like `platform-walk`, the total
 *   is the window's hours summed from the rollups.
 * - `window-gated`: the same window sorted by a counter; the statement walks the sort's index when
 *   the window is large enough, else sorts the window's entries off the time index.
 * - `past-the-end`: fewer matches than the cap, and the page starts after the last: no rows.
 * - `sort-matches`: the matches are read through the filters' indexes and sorted.
 * - `walk-sort-index`: the sort's index is walked, each entry checked against the filters.
 * - `instagram-walk`: Instagram's media type or place alone, walked on the covering Instagram index.
 * - `handle-walk`: a handle (with dates or none), its authors named by id: the sort's index, which
 *   includes the author, is walked and each entry's author tested in a bitmap of them.
 * - `handle-sort`: the same handle up to the cap: `sort-matches` on a generic plan, since the
 *   author index is always the way to its matches.
 * - `counter-box`: counter ranges alone sorted by another counter and walked away
 *   from: the platform's counters as points in a GiST index, the ranges a box in it, walked nearest
 *   first along the sort's counter.
 * - `walk-to-cap`: the count walked the sort's index in the page's order (its `sort` driver,
 *   list/walk-length.ts) past the cap, and the page lies within the matches it read: that page,
 *   read with the count, is the answer.
 * - `columns`: the shared dataset's filtered columns held in the server's memory
 *   (social/columns) count every match and order the page, whose rows are then read by key.
 */
export type ListStrategy =
  | 'platform-walk'
  | 'window-walk'
  | 'window-gated'
  | 'past-the-end'
  | 'sort-matches'
  | 'walk-sort-index'
  | 'instagram-walk'
  | 'handle-walk'
  | 'handle-sort'
  | 'counter-box'
  | 'walk-to-cap'
  | 'columns';

/**
 * The strategies whose statements fix their own plans: an index walked in its order to the page,
 * rows probed by key. They run on generic plans, planned once per connection (docs/performance.md,
 * "Generic plans"); the others' plans depend on their values (a filter's selectivity, a gate's
 * count) and are planned per call. Measured: the realistic list 83% faster on generic plans; the
 * filter kinds were 18-90% slower until each walk was fenced into a plan of its own.
 */
export const FIXED_PLAN_STRATEGIES: ReadonlySet<ListStrategy> = new Set([
  'platform-walk',
  'window-walk',
  'handle-walk',
  'handle-sort',
  'counter-box',
  'walk-sort-index',
  'instagram-walk',
]);

/**
 * Whether a page's statement runs on generic plans: a fixed-plan strategy; the sort walks
 * (`walk-sort-index`, `instagram-walk`) only with filters each entry is checked for as fast
 * there, and dates only sorted by time. Before the walks were written the same for every filter
 * set, the filters' walks were slower on a generic plan (measured on the combined filters' draws
 * at 1,000,000 posts, 14× in all): a handle matched in the statement or a list of ids is searched
 * entry by entry there (hence the bitmap), and so would be a location of many places; a window
 * sorted by a counter is better read off the time index when it is narrow.
 */
export const onGenericPlans = (strategy: ListStrategy, f: ListFacts): boolean =>
  FIXED_PLAN_STRATEGIES.has(strategy) &&
  ((strategy !== 'walk-sort-index' && strategy !== 'instagram-walk') ||
    (walkChecksAll(f) && (f.sortBy === 'created_at' || (!f.startDate && !f.endDate))));

/** Filters a walk checks on each entry as fast on a generic plan: counter ranges, dates, a handle's authors in a bitmap, Instagram's media type and a few places. */
const walkChecksAll = (f: ListFacts): boolean =>
  !f.coin && (!f.username || (!!f.authorIds && bitmapHolds(f.authorIds))) && (!f.location || placesChecked(f));

/** No filter but counter ranges and dates: no handle, coin or Instagram filter. */
const rangesAndDatesOnly = (f: ListFacts): boolean => !f.username && !f.authorIds && !f.coin && !f.mediaType && !f.location;

/**
 * The widest span of author ids a handle's bitmap covers (1 bit each: 128 KiB). Ids are handed out
 * in arrival order, so a handle's authors can lie far apart; past this the page is planned per call.
 */
export const AUTHOR_BITMAP_SPAN = 1 << 20;

/** What a choice may need measured first: the matches on the sample, the capped count, the planner's estimate, the platform's post count, a walk's or a box's length. */
export type ListMeasure = 'sample' | 'count' | 'estimate' | 'platformTotal' | 'walkLength' | 'boxLength';

export interface ListMeasured {
  /** Whether the server's filter columns can answer this filtered page (columns/post-columns.ts, `answers`): taken before anything else. */
  columns?: boolean;
  /**
   * The matches on the platform's sample (list/walk-length.ts, `sampledMatches`), taken before a
   * count; null while no sample is at hand. When they are surely past the cap (`surelyPastCap`)
   * they stand for the count and the estimate, and neither statement runs.
   */
  sampled?: SampledMatches | null;
  /** Matches counted up to LIST_COUNT_CAP + 1. */
  counted?: number;
  /** The count read the page too, in its order, past the cap (the `sort` driver): nothing is left to read. */
  paged?: boolean;
  /** The planner's estimate of the matches, weighed on each platform's own counters. */
  planned?: number;
  /** The platform's posts (rollups). */
  platformTotal?: number;
  /**
   * The index entries a walk away from the ranges passes before the page's last match, estimated
   * on a sample of the platform's posts (list/walk-length.ts); null while no sample is at hand.
   */
  walkLength?: number | null;
  /**
   * The rows the counter box reads for the page, estimated on the same sample (list/walk-length.ts);
   * null while no sample is at hand or where the database has no counter boxes.
   */
  boxLength?: number | null;
}

export type ListDecision = { strategy: ListStrategy } | { measure: ListMeasure };

/**
 * Whether a date range covers whole hours: it starts on an hour and ends on an hour's last
 * millisecond (posts' times are kept to the millisecond), so the hourly rollups count it exactly.
 */
export function onWholeHours(start: Date | undefined, end: Date | undefined): boolean {
  return (start === undefined || start.getTime() % HOUR_MS === 0) && (end === undefined || (end.getTime() + 1) % HOUR_MS === 0);
}

/** The kinds of filter a list names: a handle, dates, counter ranges, Instagram's media type or place, a coin. */
export const filterKinds = (f: ListFacts): number =>
  [!!f.username, !!(f.startDate || f.endDate), f.ranges.length > 0, !!(f.mediaType || f.location), !!f.coin].filter(Boolean).length;

/**
 * Whether a filtered page the filter columns can answer is read there: any but Instagram's media
 * type or place alone. Measured at 1,000,000 posts on 2 December 2026 (docs/performance.md, "The
 * filter columns"): on the columns, two or three kinds of filter combined went from 344 to 481
 * req/s side by side, and the realistic filter cases' p99 from 318–444 ms to 141–255; Instagram's
 * filters alone stayed faster on the database (877 against 530 req/s, p99 148–162 ms), whose
 * walk of the covering Instagram index finds a page in a few entries and takes its total from
 * the sample, where the columns count every match.
 */
export const byColumns = (f: ListFacts): boolean => filterKinds(f) > 1 || !(f.mediaType || f.location);

/** Any filter beyond the platform: an account's own posts count as one (they have no rollups). */
export const isFiltered = (f: ListFacts): boolean =>
  f.scope.dataset === 'mine' || !!(f.username || f.coin || f.startDate || f.endDate || f.ranges.length > 0 || f.mediaType || f.location);

/** The shared dataset's range filters, whose estimate is weighed on the platform's own counters (and needed to choose). */
export const isWeighed = (f: ListFacts): boolean => f.scope.dataset === 'shared' && f.ranges.length > 0;

const datesOnly = (f: ListFacts) =>
  f.scope.dataset === 'shared' &&
  !f.username &&
  !f.coin &&
  f.ranges.length === 0 &&
  !f.mediaType &&
  !f.location &&
  onWholeHours(f.startDate, f.endDate);

const instagramAlone = (f: ListFacts) =>
  f.platform === 'instagram' &&
  f.scope.dataset === 'shared' &&
  !f.username &&
  !f.coin &&
  !f.startDate &&
  !f.endDate &&
  f.ranges.length === 0 &&
  !!(f.mediaType || f.location);

/**
 * A handle named by its authors' ids, with dates or none: its matches are the author index's
 * entries for those ids (within the dates), whatever the values, so the capped count and a sort
 * of them run on generic plans (measured on "crypto"'s 240 Twitter authors over 20 days: 1.1 ms
 * of planning and 0.4 of running per call, against 0.04 and 0.6 on the generic plan).
 */
export const handleAlone = (f: ListFacts): boolean =>
  f.scope.dataset === 'shared' && !!f.authorIds && !f.coin && f.ranges.length === 0 && !f.mediaType && !f.location;

/** Whether the sample can stand for a count: the shared dataset's posts, filtered only as a sampled post can be checked. */
export const sampleable = (f: ListFacts): boolean => f.scope.dataset === 'shared' && sampleChecks(f);

/**
 * Sampled matches from at least this many table pages: the sample is read by whole pages, whose
 * posts arrived together, so a narrow window can fall on one or two pages and look large.
 */
export const SURE_BLOCKS = 10;

/** Sampled matches at least this many times the cap: the count would pass the cap. */
export const SURE_FACTOR = 4;

/**
 * Whether the sample says the matches are far past LIST_COUNT_CAP, so that the capped count would
 * only confirm it: matches from at least SURE_BLOCKS pages and SURE_FACTOR × the cap. Posts newer
 * than the sample are missing from it, so it can only undercount them (and the count then runs).
 */
export const surelyPastCap = (sampled: SampledMatches | null | undefined): sampled is SampledMatches =>
  !!sampled && sampled.blocks >= SURE_BLOCKS && sampled.matches >= SURE_FACTOR * (LIST_COUNT_CAP + 1);

/** Whether a bitmap can hold these author ids (`AUTHOR_BITMAP_SPAN`). */
export const bitmapHolds = (ids: readonly number[]): boolean => ids.length > 0 && Math.max(...ids) - Math.min(...ids) < AUTHOR_BITMAP_SPAN;

/** A handle alone whose ids a bitmap can hold. */
const handleWalkable = (f: ListFacts) => handleAlone(f) && bitmapHolds(f.authorIds!);

/**
 * Picks the strategy of a list page from its facts and what has been measured so far, or names
 * the measurement it needs next. Pure: the table in list/choose.test.ts holds every branch.
 */
export function chooseList(f: ListFacts, m: ListMeasured): ListDecision {
  if (!isFiltered(f)) return { strategy: 'platform-walk' };
  if (m.columns && byColumns(f)) return { strategy: 'columns' };
  if (datesOnly(f)) {
    if (f.sortBy === 'created_at') return { strategy: 'window-walk' };
    return m.platformTotal === undefined ? { measure: 'platformTotal' } : { strategy: 'window-gated' };
  }
  if (m.counted === undefined) return sampleable(f) && m.sampled === undefined ? { measure: 'sample' } : { measure: 'count' };
  if (m.counted <= LIST_COUNT_CAP)
    return { strategy: f.offset >= m.counted ? 'past-the-end' : handleAlone(f) ? 'handle-sort' : 'sort-matches' };
  if (m.paged) return { strategy: 'walk-to-cap' };
  if (isWeighed(f)) {
    if (m.planned === undefined) return { measure: 'estimate' };
    if (m.platformTotal === undefined) return { measure: 'platformTotal' };
    if (!walksToward(f) && m.walkLength === undefined) return { measure: 'walkLength' };
    if (boxable(f) && !walksToward(f) && m.walkLength !== null && m.boxLength === undefined) return { measure: 'boxLength' };
    const walked = pageByWalking(f, m.planned, m.platformTotal, m.walkLength ?? null);
    if (boxable(f) && byBox(f, walked ? (m.walkLength ?? 0) : m.planned * WALKED_PER_SORTED, m.boxLength ?? null))
      return { strategy: 'counter-box' };
    if (!walked) return { strategy: 'sort-matches' };
  }
  if (handleWalkable(f)) return { strategy: 'handle-walk' };
  return { strategy: instagramAlone(f) ? 'instagram-walk' : 'walk-sort-index' };
}

/**
 * A walk whose first entries are the matches: sorted by time (counters do not follow it), by a
 * filtered counter, or toward every range ("likes at least 5,000, most retweets first": a popular
 * post is popular on every count).
 */
export const walksToward = (f: Pick<ListFacts, 'sortBy' | 'sortOrder' | 'ranges'>): boolean =>
  f.sortBy === 'created_at' ||
  f.ranges.some((range) => range.counter === f.sortBy) ||
  f.ranges.every((range) => (range.op === '>=') === (f.sortOrder === 'desc'));

/**
 * Counter ranges alone, sorted by a counter: what the counter box answers. Dates, the handle, the
 * coin and Instagram's filters are in none of its dimensions; checked on each row the box reads, a
 * narrow window made it pass most of them (a LinkedIn page with a three-month window: 280 ms).
 */
export const boxable = (f: ListFacts): boolean =>
  f.scope.dataset === 'shared' && f.ranges.length > 0 && f.sortBy !== 'created_at' && !f.startDate && !f.endDate && rangesAndDatesOnly(f);

/**
 * Index entries walked in the time of one row the counter box reads (measured at 1,000,000 posts:
 * a page of 250 rows read nearest first, then the rows tying with its last value, in about 10 ms,
 * where a walk passes 0.41 µs an entry). Each row is a heap row, and a GiST page per few rows.
 */
export const BOX_ROW_COST = 100;

/**
 * Whether the counter box reads the page in less time than the cheaper of the walk and the sort
 * (`otherCost`, in index entries walked): only on the sample's estimate of the rows it reads.
 */
export const byBox = (f: ListFacts, otherCost: number, boxLength: number | null): boolean =>
  !walksToward(f) && boxLength !== null && boxLength * BOX_ROW_COST < otherCost;

/**
 * Whether a page with more counter-range matches than LIST_COUNT_CAP is found by walking the
 * sort's (platform, column, id) index rather than by reading the matches through the filters'
 * indexes and sorting them. Walking toward the ranges meets the matches at once. Walking away
 * from them ("..., fewest retweets first") may first pass most posts that do not match (440,000
 * of Twitter's 450,000 at 1,000,000 posts, 380 ms), or few: how closely two counters follow one
 * another depends on the pair and the values (such pages walked in 0.5–170 ms, sorted in
 * 5–97 ms). The walk's length as a sample of the platform's posts places it (`walkLength`) is
 * weighed against the sort's matches; without a sample, the walk is taken only when the matches
 * outnumber the posts it may pass.
 */
export function pageByWalking(
  f: Pick<ListFacts, 'sortBy' | 'sortOrder' | 'ranges'>,
  planned: number,
  platformTotal: number,
  walkLength: number | null = null,
): boolean {
  if (walksToward(f)) return true;
  if (walkLength !== null) return walkLength < planned * WALKED_PER_SORTED;
  return planned >= platformTotal - planned;
}
