import { LIST_COUNT_CAP } from '@coinsight/contracts';
import { rangeInterval, type CounterRange, type ListFacts } from './facts.js';
import {
  columnsOf,
  dateBounds,
  datesTest,
  matchMask,
  pageOrder,
  rangesTest,
  type CounterSample,
  type PositionTest,
  type Sampled,
} from './sample.js';

/** The sample tallied for counting a driver's own entries without a pass over it, made once a sample. */
interface SampleTallies {
  /** The posts' times, ascending. */
  times: Float64Array;
  /** Each counter's values, ascending (a post without the counter left out). */
  values: Map<Sampled, Float64Array>;
  /** The sampled posts of each author and of each place. */
  authors: Map<number, number>;
  places: Map<string, number>;
}

const talliesOf = new WeakMap<CounterSample, SampleTallies>();

function tallies(sample: CounterSample): SampleTallies {
  const kept = talliesOf.get(sample);
  if (kept) return kept;
  const c = columnsOf(sample);
  const ascending = (numbers: Float64Array) => numbers.filter((value) => !Number.isNaN(value)).sort();
  const counted = <K>(keys: readonly K[]) => keys.reduce((map, key) => map.set(key, (map.get(key) ?? 0) + 1), new Map<K, number>());
  const made: SampleTallies = {
    times: ascending(c.createdAt),
    values: new Map((Object.keys(c.counters) as Sampled[]).map((counter) => [counter, ascending(c.counters[counter])])),
    authors: counted([...c.authorId]),
    places: counted(c.place.filter((place): place is string => place !== null)),
  };
  talliesOf.set(sample, made);
  return made;
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

/** The sampled posts that pass `test`: one pass, for a condition the tallies do not answer. */
function countWhere(sample: CounterSample, test: PositionTest): number {
  let n = 0;
  for (let i = 0; i < sample.posts.length; i += 1) if (test(i)) n += 1;
  return n;
}

/**
 * The sampled posts within a driver's own condition, off the tallies: the author index's posts
 * of the handle's authors within the dates (the authors' share of the sample × the dates' share,
 * taken as independent), the place index's of the places (all their dates), the time index's
 * within the dates, a counter index's within its range, an author-range index's of the authors
 * within its counter's range (all their dates: one pass over the sample).
 */
function ownCount(sample: CounterSample, f: ListFacts, driver: Exclude<CountDriver, 'sort'>): number {
  const t = tallies(sample);
  const { since, until } = dateBounds(f);
  const inDates = within(t.times, since, until);
  if (driver === 'created_at') return inDates;
  if (driver === 'author') {
    const posts = [...new Set(f.authorIds)].reduce((sum, id) => sum + (t.authors.get(id) ?? 0), 0);
    return (posts * inDates) / Math.max(sample.posts.length, 1);
  }
  if (driver === 'place') return [...new Set(f.places)].reduce((sum, place) => sum + (t.places.get(place) ?? 0), 0);
  if (authorRangeOf(driver)) return countWhere(sample, ownTest(sample, f, driver));
  const { lo, hi } = rangeInterval(f.ranges, driver);
  return within(t.values.get(driver as CounterRange['counter'])!, lo, hi);
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
  const mask = matchMask(sample, f);
  const { block } = columnsOf(sample);
  const blocks = new Set<number>();
  let hits = 0;
  let last = Number.NaN;
  for (let i = 0; i < mask.length; i += 1) {
    if (!mask[i]) continue;
    hits += 1;
    // A page's posts are read together, one after another: added once for each run of them.
    if (block[i] !== last) blocks.add((last = block[i]!));
  }
  return { matches: hits / sample.fraction, blocks: blocks.size };
}

/**
 * The index entries a walk of the sort's index passes, within the bound of its own (the dates
 * sorted by time, the sort counter's range), before its `page`th and its `cap`th match, on the
 * sample; all of them when fewer match. Scaled up by the fraction.
 */
function sortWalkEntries(sample: CounterSample, f: ListFacts, page: number, cap: number): { page: number; cap: number } {
  const bound = ownTest(sample, f, f.sortBy === 'created_at' ? 'created_at' : (f.sortBy as CountDriver));
  const mask = matchMask(sample, f);
  let walked = 0;
  let seen = 0;
  let toPage = -1;
  for (const i of pageOrder(sample, f)) {
    if (!bound(i)) continue;
    walked += 1;
    if (!mask[i]) continue;
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
  const mask = matchMask(sample, f);
  const wanted = pageMatches(sample, f);
  let walked = 0;
  let seen = 0;
  for (const i of pageOrder(sample, f)) {
    walked += 1;
    if (mask[i] && (seen += 1) === wanted) return walked / sample.fraction;
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
  const values = columnsOf(sample).counters[f.sortBy as Sampled];
  const boxed = rangesTest(sample, f.ranges);
  const wanted = pageMatches(sample, f);
  let read = 0;
  let last: number | undefined;
  for (const i of pageOrder(sample, f)) {
    if (last !== undefined && !Object.is(values[i], last)) break;
    if (!boxed(i)) continue;
    if ((read += 1) === wanted) last = values[i];
  }
  return last === undefined ? Number.POSITIVE_INFINITY : read / sample.fraction;
}

/**
 * The index a capped count walks for its matches (list/statements.ts, `drivenMatches`): the author
 * index for the handle's authors, the (platform, created_at, id) index within the dates, or a
 * filtered counter's (platform, counter, id) index within its ranges; every other filter is
 * checked on each entry.
 */
export type CountDriver = 'sort' | 'author' | AuthorRangeDriver | 'place' | 'created_at' | CounterRange['counter'];

/**
 * The handle's authors within one of the filtered counters' range: the platform's (author_id,
 * counter, id) index (migration 2026-12-01T0200_posts_author_ranges), each author's matches one
 * range of its entries, where the author index holds all of the author's posts in time's order.
 */
export type AuthorRangeDriver = `author-${CounterRange['counter']}`;

/** The counter an author-range driver is bounded by, or undefined for another driver. */
export const authorRangeOf = (driver: CountDriver): CounterRange['counter'] | undefined =>
  driver.startsWith('author-') ? (driver.slice('author-'.length) as CounterRange['counter']) : undefined;

/**
 * Index entries one of the handle's authors costs the author and author-range drivers in each
 * month's partition their walk reads, before its first entry there: a descent of the index. At
 * 1,000,000 posts a descent took 2.7 µs (260 authors in one month, no entry, 0.7 ms) and an entry
 * 0.3 µs (the same authors' 22,000 posts in four months, 10 ms).
 */
export const AUTHOR_DESCENT_ENTRIES = 9;

/**
 * The months from `lo` to `hi` that hold sampled posts, at least one: the partitions an author
 * index's walk descends (docs/performance.md, "Time partitions"). The author index's walk is
 * bounded by the dates, an author-range index's by none.
 */
function monthsWithin(times: Float64Array, lo: number, hi: number): number {
  const first = Math.max(lo, times[0] ?? 0);
  const last = Math.min(hi, times[times.length - 1] ?? 0);
  const month = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
  return first > last ? 1 : month(last) - month(first) + 1;
}

/**
 * The driver whose walk passes the fewest index entries before the count's cap + 1 matches, or to
 * its end when there are fewer, estimated on the sample: a driver's own entries (those within its
 * condition) × the share of the cap among the matches, at most all of its entries. A filter set
 * with no sampled match is taken to have half a match, so the driver with the fewest entries of
 * its own wins. On 123 combined draws at 1,000,000 posts the drivers so chosen counted in 1.17 ms
 * a count on generic plans, the fastest driver every time 1.07, the planner's own plan, planned
 * per call, 2.02 (docs/performance.md, "A count's driver"). With `authorsOnly`, the handle's
 * authors are the walk's own condition: ids too far apart for a bitmap can be checked no other way.
 */
export function countDriver(sample: CounterSample, f: ListFacts, sampled?: SampledMatches | null, authorsOnly = false): CountDriver {
  const counters = [...new Set(f.ranges.map((range) => range.counter))];
  const byAuthor: Exclude<CountDriver, 'sort'>[] = f.authorIds ? ['author', ...counters.map((c) => `author-${c}` as const)] : [];
  const drivers = authorsOnly ? byAuthor : [...byAuthor, ...(f.places ? ['place' as const] : []), 'created_at' as const, ...counters];
  const matches = (sampled ?? sampledMatches(sample, f))?.matches ?? 0;
  const share = Math.min(1, (LIST_COUNT_CAP + 1) / Math.max(matches, 0.5 / sample.fraction));
  const { times } = tallies(sample);
  const authors = new Set(f.authorIds).size;
  const descents = (months: number) => authors * AUTHOR_DESCENT_ENTRIES * months;
  const { since, until } = dateBounds(f);
  const dated = monthsWithin(times, since, until);
  const all = monthsWithin(times, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
  let best: CountDriver = authorsOnly ? 'author' : 'sort';
  let least = authorsOnly ? Number.POSITIVE_INFINITY : inPageOrder(sample, f, matches);
  for (const driver of drivers) {
    const own = (share * ownCount(sample, f, driver)) / sample.fraction;
    const entries = own + (driver === 'author' ? descents(dated) : byAuthor.includes(driver) ? descents(all) : 0);
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

/** Whether the sampled post at a position is one of the driver's own entries: within the condition its walk is bounded by. */
function ownTest(sample: CounterSample, f: ListFacts, driver: CountDriver): PositionTest {
  const inDates = datesTest(sample, f);
  if (driver === 'created_at') return inDates;
  const c = columnsOf(sample);
  if (driver === 'author') {
    const authors = new Set(f.authorIds);
    return (i) => authors.has(c.authorId[i]!) && inDates(i);
  }
  if (driver === 'place') {
    const places = new Set(f.places);
    return (i) => places.has(c.place[i] ?? '');
  }
  const range = authorRangeOf(driver);
  if (range) {
    const authors = new Set(f.authorIds);
    const inRange = rangesTest(
      sample,
      f.ranges.filter((r) => r.counter === range),
    );
    return (i) => authors.has(c.authorId[i]!) && inRange(i);
  }
  return rangesTest(
    sample,
    f.ranges.filter((range) => range.counter === driver),
  );
}
