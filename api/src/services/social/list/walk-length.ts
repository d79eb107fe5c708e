import { LIST_COUNT_CAP } from '@coinsight/contracts';
import type { CounterRange, ListFacts } from './facts.js';

/** The counters a list sorts by or filters on, each platform's own (null where a platform has none). */
type Sampled = 'likes' | 'comments' | 'shares' | 'views' | 'replies' | 'retweets';

/**
 * One sampled post: what a walk index holds of it, and the table page it was read from (`block`: the
 * sample is read by whole pages, and a page's posts arrived together, so they are not independent draws).
 */
export type SampledPost = {
  id: number;
  createdAt: number;
  authorId: number;
  block: number;
  /** Instagram's media type and place (lower-cased), null elsewhere. */
  mediaType: string | null;
  place: string | null;
} & Record<Sampled, number | null>;

/**
 * A random sample of a platform's shared posts (statements.ts, `counterSample`): about
 * COUNTER_SAMPLE_ROWS of them, whatever the platform's size, each with its counters, time and author.
 */
export interface CounterSample {
  /** The sampled share of the platform's posts. */
  fraction: number;
  posts: readonly SampledPost[];
  /** The posts in each sort's order (the column, then id, as `column asc|desc`), sorted once when first asked. */
  sorted: Map<string, readonly SampledPost[]>;
  /** What the count's drivers are weighed on (`tallies`), made once when first asked. */
  tallies?: SampleTallies;
}

/** The sample tallied for counting a driver's own entries without a pass over it. */
interface SampleTallies {
  /** The posts' times, ascending. */
  times: Float64Array;
  /** Each counter's values, ascending (a post without the counter left out). */
  values: Map<Sampled, Float64Array>;
  /** The sampled posts of each author and of each place. */
  authors: Map<number, number>;
  places: Map<string, number>;
}

function tallies(sample: CounterSample): SampleTallies {
  if (sample.tallies) return sample.tallies;
  const ascending = (numbers: number[]) => Float64Array.from(numbers).sort();
  const counted = <K>(keys: K[]) => keys.reduce((map, key) => map.set(key, (map.get(key) ?? 0) + 1), new Map<K, number>());
  const counters: Sampled[] = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'];
  sample.tallies = {
    times: ascending(sample.posts.map((post) => post.createdAt)),
    values: new Map(
      counters.map((counter) => [counter, ascending(sample.posts.flatMap((post) => (post[counter] === null ? [] : [post[counter]])))]),
    ),
    authors: counted(sample.posts.map((post) => post.authorId)),
    places: counted(sample.posts.flatMap((post) => (post.place === null ? [] : [post.place]))),
  };
  return sample.tallies;
}

/** How many of the ascending `values` lie within [lo, hi]. */
function within(values: Float64Array, lo: number, hi: number): number {
  const first = (bound: number, strict: boolean) => {
    let [low, high] = [0, values.length];
    while (low < high) {
      const mid = (low + high) >> 1;
      if (strict ? values[mid]! <= bound : values[mid]! < bound) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return Math.max(0, first(hi, true) - first(lo, false));
}

/**
 * The sampled posts within a driver's own condition, off the tallies: the author index's posts
 * of the handle's authors within the dates (the authors' share of the sample × the dates' share,
 * taken as independent), the place index's of the places (all their dates), the time index's
 * within the dates, a counter index's within its range.
 */
function ownCount(sample: CounterSample, f: ListFacts, driver: Exclude<CountDriver, 'sort'>): number {
  const t = tallies(sample);
  const inDates = within(t.times, f.startDate?.getTime() ?? Number.NEGATIVE_INFINITY, f.endDate?.getTime() ?? Number.POSITIVE_INFINITY);
  if (driver === 'created_at') return inDates;
  if (driver === 'author') {
    const posts = [...new Set(f.authorIds)].reduce((sum, id) => sum + (t.authors.get(id) ?? 0), 0);
    return (posts * inDates) / Math.max(sample.posts.length, 1);
  }
  if (driver === 'place') return [...new Set(f.places)].reduce((sum, place) => sum + (t.places.get(place) ?? 0), 0);
  const ranges = f.ranges.filter((range) => range.counter === driver);
  const lo = Math.max(Number.NEGATIVE_INFINITY, ...ranges.filter((range) => range.op === '>=').map((range) => range.value));
  const hi = Math.min(Number.POSITIVE_INFINITY, ...ranges.filter((range) => range.op === '<=').map((range) => range.value));
  return within(t.values.get(driver)!, lo, hi);
}

/** Rows a sample reads: enough to place a page's last match to within a few percent of a platform's posts. */
export const COUNTER_SAMPLE_ROWS = 5_000;

/**
 * The most places a location's filter names for the sample and the count's walks to check it: each
 * entry's place is looked for in the list, one by one on a generic plan.
 */
export const PLACES_CHECKED = 16;

/**
 * The facts a sample can check: counter ranges, dates, a handle named by its authors, Instagram's
 * media type, and a location named by its places (at most PLACES_CHECKED).
 */
export const sampleChecks = (f: ListFacts): boolean =>
  !f.coin && (!f.username || !!f.authorIds) && (!f.location || (!!f.places && f.places.length <= PLACES_CHECKED));

/** Whether a post is within every counter range: in the counter box (list/statements.ts, `counterBoxIds`). */
const inRanges = (f: ListFacts) => (post: SampledPost) =>
  f.ranges.every((range) => {
    const value = post[range.counter];
    return value !== null && (range.op === '>=' ? value >= range.value : value <= range.value);
  });

/** Whether a sampled post passes every filter the sample can check; the ranges' test, the dates and the authors made once, not per post. */
function passes(f: ListFacts): (post: SampledPost) => boolean {
  const ranged = inRanges(f);
  const authors = f.authorIds ? new Set(f.authorIds) : undefined;
  const since = f.startDate?.getTime() ?? Number.NEGATIVE_INFINITY;
  const until = f.endDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const places = f.places ? new Set(f.places) : undefined;
  return (post) =>
    post.createdAt >= since &&
    post.createdAt <= until &&
    (!authors || authors.has(post.authorId)) &&
    (!f.mediaType || post.mediaType === f.mediaType) &&
    (!places || (post.place !== null && places.has(post.place))) &&
    ranged(post);
}

/** The sampled posts that pass a list's filters, as the platform's matches and the table pages they came from. */
export interface SampledMatches {
  /** The sampled matches scaled up by the fraction: an estimate of the platform's matches. */
  matches: number;
  /** The distinct table pages the sampled matches came from. */
  blocks: number;
}

/** The sample's matches of `f` (which `sampleChecks` must allow), or null for an empty sample. */
export function sampledMatches(sample: CounterSample, f: ListFacts): SampledMatches | null {
  if (sample.fraction <= 0) return null;
  const match = passes(f);
  const blocks = new Set<number>();
  let hits = 0;
  for (const post of sample.posts) {
    if (!match(post)) continue;
    hits += 1;
    blocks.add(post.block);
  }
  return { matches: hits / sample.fraction, blocks: blocks.size };
}

/** The sampled posts in the page's order: the sort's column, then id, in the sort's direction. */
function pageOrder(sample: CounterSample, f: ListFacts): readonly SampledPost[] {
  const value = f.sortBy === 'created_at' ? (post: SampledPost) => post.createdAt : (post: SampledPost) => post[f.sortBy as Sampled] ?? 0;
  const key = `${f.sortBy} ${f.sortOrder}`;
  let sorted = sample.sorted.get(key);
  if (!sorted) {
    const sign = f.sortOrder === 'asc' ? 1 : -1;
    sorted = [...sample.posts].sort((a, b) => sign * (value(a) - value(b) || a.id - b.id));
    sample.sorted.set(key, sorted);
  }
  return sorted;
}

/**
 * The index entries a walk of the sort's index passes, within the bound of its own (the dates
 * sorted by time, the sort counter's range), before its `page`th and its `cap`th match, on the
 * sample; all of them when fewer match. Scaled up by the fraction.
 */
function sortWalkEntries(sample: CounterSample, f: ListFacts, page: number, cap: number): { page: number; cap: number } {
  const bound = ownEntries(f, f.sortBy === 'created_at' ? 'created_at' : (f.sortBy as CountDriver));
  const match = passes(f);
  let walked = 0;
  let seen = 0;
  let toPage = -1;
  for (const post of pageOrder(sample, f)) {
    if (!bound(post)) continue;
    walked += 1;
    if (!match(post)) continue;
    seen += 1;
    if (seen === page) toPage = walked;
    if (seen >= cap) break;
  }
  return { page: (toPage < 0 ? walked : toPage) / sample.fraction, cap: walked / sample.fraction };
}

/**
 * The index entries a walk of the sort's index passes before the page's last match, estimated
 * from the sample: the sample walked in the same order to its ⌈needed × fraction⌉th match, scaled
 * up by the fraction. Infinity when the sample has too few matches. How far a walk goes depends on
 * how two counters follow one another, which no per-column statistic tells: on 40 pages walked
 * away from their ranges at 1,000,000 posts the estimate chose the faster road in 37.
 */
export function walkLength(sample: CounterSample, f: ListFacts): number {
  if (f.sortBy === 'created_at' || sample.fraction <= 0) return Number.POSITIVE_INFINITY;
  const match = passes(f);
  const wanted = pageMatches(sample, f);
  let walked = 0;
  let seen = 0;
  for (const post of pageOrder(sample, f)) {
    walked += 1;
    if (match(post) && (seen += 1) === wanted) return walked / sample.fraction;
  }
  return Number.POSITIVE_INFINITY;
}

/** The sampled matches up to the page's last: ⌈(offset + limit) × fraction⌉, at least one. */
const pageMatches = (sample: CounterSample, f: ListFacts) => Math.max(1, Math.ceil((f.offset + f.limit) * sample.fraction));

/**
 * The rows the counter box reads for the page (list/statements.ts, `counterBoxIds`), estimated
 * from the sample: the posts within the ranges, in the sort's order, up to the page's last one and
 * every post that ties with it on the sort's counter (the second read sorts them by id), scaled up
 * by the fraction. Infinity when the sample has too few of them. Sorted by time there is no box;
 * the box has no other filter (list/choose.ts, `boxable`), so every post within it matches.
 */
export function boxLength(sample: CounterSample, f: ListFacts): number {
  if (f.sortBy === 'created_at' || sample.fraction <= 0) return Number.POSITIVE_INFINITY;
  const column = f.sortBy as Sampled;
  const boxed = inRanges(f);
  const wanted = pageMatches(sample, f);
  let read = 0;
  let last: number | null | undefined;
  for (const post of pageOrder(sample, f)) {
    if (last !== undefined && post[column] !== last) break;
    if (!boxed(post)) continue;
    if ((read += 1) === wanted) last = post[column];
  }
  return last === undefined ? Number.POSITIVE_INFINITY : read / sample.fraction;
}

/**
 * The index a capped count walks for its matches (list/statements.ts, `drivenMatches`): the author
 * index for the handle's authors, the (platform, created_at, id) index within the dates, or a
 * filtered counter's (platform, counter, id) index within its ranges; every other filter is
 * checked on each entry.
 */
export type CountDriver = 'sort' | 'author' | 'place' | 'created_at' | CounterRange['counter'];

/**
 * Index entries one of the handle's authors costs the author driver before its first entry: its
 * descents of the author index, one in each month's partition. Fitted on 332 combined draws at
 * 1,000,000 posts (four months), the sum of the chosen drivers' counts against 0, 5, 20, 40 and 80.
 */
export const AUTHOR_DESCENT_ENTRIES = 10;

/**
 * The driver whose walk passes the fewest index entries before the count's cap + 1 matches, or to
 * its end when there are fewer, estimated on the sample: a driver's own entries (those within its
 * condition) × the share of the cap among the matches, at most all of its entries. A filter set
 * with no sampled match is taken to have half a match, so the driver with the fewest entries of
 * its own wins. On 123 combined draws at 1,000,000 posts the drivers so chosen counted in 1.17 ms
 * a count on generic plans, the fastest driver every time 1.07, the planner's own plan, planned
 * per call, 2.02 (docs/performance.md, "A count's driver").
 */
export function countDriver(sample: CounterSample, f: ListFacts, sampled?: SampledMatches | null): CountDriver {
  const drivers: Exclude<CountDriver, 'sort'>[] = [
    ...(f.authorIds ? ['author' as const] : []),
    ...(f.places ? ['place' as const] : []),
    'created_at',
    ...new Set(f.ranges.map((range) => range.counter)),
  ];
  const matches = (sampled ?? sampledMatches(sample, f))?.matches ?? 0;
  const share = Math.min(1, (LIST_COUNT_CAP + 1) / Math.max(matches, 0.5 / sample.fraction));
  const descents = new Set(f.authorIds).size * AUTHOR_DESCENT_ENTRIES;
  let best: CountDriver = 'sort';
  let least = inPageOrder(sample, f, matches);
  for (const driver of drivers) {
    const entries = (share * ownCount(sample, f, driver)) / sample.fraction + (driver === 'author' ? descents : 0);
    if (entries < least) [best, least] = [driver, entries];
  }
  return best;
}

/**
 * Index entries walked in the time of one match read through a filter's index and sorted
 * (measured at 1,000,000 posts, both index-only: 0.41 µs an entry walked, 0.52 µs a match sorted).
 */
export const WALKED_PER_SORTED = 1.25;

/**
 * Index entries in the time of one statement more: a round trip, parse and start, about 0.3 ms,
 * where an entry walked costs 0.15 µs (measured at 1,000,000 posts).
 */
export const STATEMENT_ENTRIES = 2_000;

/**
 * A walk in a counter's order merges the months' partitions entry by entry (Merge Append): 1.6×
 * the time an entry of an unordered walk takes (35,000 entries of a views index, 8.1 ms merged,
 * 5.2 appended). In time's order the months follow one another, appended.
 */
export const MERGED_ENTRY_COST = 1.6;

/**
 * The entries of the `sort` driver: the sort's index walked in the page's order to the cap's
 * matches, which counts them and reads the page in one statement (list/statements.ts,
 * `orderedMatches`). Past the cap that page is the list's when it lies within the first cap + 1
 * matches, and the page's own walk (and its statement) is saved, which is taken off its cost.
 */
function inPageOrder(sample: CounterSample, f: ListFacts, matches: number): number {
  const merged = f.sortBy === 'created_at' ? 1 : MERGED_ENTRY_COST;
  const walked = sortWalkEntries(sample, f, pageMatches(sample, f), Math.ceil((LIST_COUNT_CAP + 1) * sample.fraction));
  if (matches <= LIST_COUNT_CAP || f.offset + f.limit > LIST_COUNT_CAP + 1) return walked.cap * merged;
  // What the page would cost after another driver's count: walked to, or its matches sorted.
  const page = Math.min(walked.page * merged, matches * WALKED_PER_SORTED);
  return walked.cap * merged - page - STATEMENT_ENTRIES;
}

/** Whether a sampled post is one of the driver's own entries: within the condition its walk is bounded by. */
function ownEntries(f: ListFacts, driver: CountDriver): (post: SampledPost) => boolean {
  const since = f.startDate?.getTime() ?? Number.NEGATIVE_INFINITY;
  const until = f.endDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const inDates = (post: SampledPost) => post.createdAt >= since && post.createdAt <= until;
  if (driver === 'created_at') return inDates;
  if (driver === 'author') {
    const authors = new Set(f.authorIds);
    return (post) => authors.has(post.authorId) && inDates(post);
  }
  if (driver === 'place') {
    const places = new Set(f.places);
    return (post) => post.place !== null && places.has(post.place);
  }
  return inRanges({ ...f, ranges: f.ranges.filter((range) => range.counter === driver) });
}
