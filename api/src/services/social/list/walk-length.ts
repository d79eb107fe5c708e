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
  const column = f.sortBy as Sampled;
  const key = `${column} ${f.sortOrder}`;
  let sorted = sample.sorted.get(key);
  if (!sorted) {
    const sign = f.sortOrder === 'asc' ? 1 : -1;
    sorted = [...sample.posts].sort((a, b) => sign * ((a[column] ?? 0) - (b[column] ?? 0) || a.id - b.id));
    sample.sorted.set(key, sorted);
  }
  return sorted;
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
export type CountDriver = 'author' | 'place' | 'created_at' | CounterRange['counter'];

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
export function countDriver(sample: CounterSample, f: ListFacts): CountDriver {
  const drivers: CountDriver[] = [
    ...(f.authorIds ? ['author' as const] : []),
    ...(f.places ? ['place' as const] : []),
    'created_at',
    ...new Set(f.ranges.map((range) => range.counter)),
  ];
  const within = new Map(drivers.map((driver) => [driver, ownEntries(f, driver)]));
  const match = passes(f);
  const own = new Map<CountDriver, number>(drivers.map((driver) => [driver, 0]));
  let matches = 0;
  for (const post of sample.posts) {
    if (match(post)) matches += 1;
    for (const driver of drivers) if (within.get(driver)!(post)) own.set(driver, own.get(driver)! + 1);
  }
  const descents = new Set(f.authorIds).size * AUTHOR_DESCENT_ENTRIES;
  const entries = (driver: CountDriver) =>
    Math.min(1, ((LIST_COUNT_CAP + 1) * sample.fraction) / Math.max(matches, 0.5)) *
      (own.get(driver)! / Math.max(sample.fraction, Number.MIN_VALUE)) +
    (driver === 'author' ? descents : 0);
  return drivers.reduce((best, driver) => (entries(driver) < entries(best) ? driver : best));
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
