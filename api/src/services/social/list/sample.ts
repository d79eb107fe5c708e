import type { ListFacts } from './facts.js';

/** The counters a list sorts by or filters on, each platform's own (null where a platform has none). */
export type Sampled = 'likes' | 'comments' | 'shares' | 'views' | 'replies' | 'retweets';

const SAMPLED: readonly Sampled[] = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'];

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
 * What is derived from it is made once, when first asked, and kept on it.
 */
export interface CounterSample {
  /** The sampled share of the platform's posts. */
  fraction: number;
  posts: readonly SampledPost[];
  /** The posts' positions in each sort's order (the column, then id, as `column asc|desc`). */
  sorted: Map<string, Int32Array>;
  /** The posts as columns, which a filter set is matched on (`matchMask`). */
  columns?: SampleColumns;
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
export const sampleChecks = (f: ListFacts): boolean => !f.coin && (!f.username || !!f.authorIds) && (!f.location || placesChecked(f));

/** A location named by its places, few enough (PLACES_CHECKED) to be looked for in a list on each entry. */
export const placesChecked = (f: ListFacts): boolean => !!f.places && f.places.length <= PLACES_CHECKED;

/** The sample's posts as columns, position by position; a counter a post lacks is NaN, which no range holds. */
export interface SampleColumns {
  createdAt: Float64Array;
  authorId: Float64Array;
  block: Float64Array;
  counters: Record<Sampled, Float64Array>;
  mediaType: readonly (string | null)[];
  place: readonly (string | null)[];
}

export function columnsOf(sample: CounterSample): SampleColumns {
  if (sample.columns) return sample.columns;
  const { posts } = sample;
  const numbers = (value: (post: SampledPost) => number | null) => Float64Array.from(posts, (post) => value(post) ?? Number.NaN);
  sample.columns = {
    createdAt: numbers((post) => post.createdAt),
    authorId: numbers((post) => post.authorId),
    block: numbers((post) => post.block),
    counters: Object.fromEntries(SAMPLED.map((counter) => [counter, numbers((post) => post[counter])])) as Record<Sampled, Float64Array>,
    mediaType: posts.map((post) => post.mediaType),
    place: posts.map((post) => post.place),
  };
  return sample.columns;
}

/** A test of the sampled post at a position. */
export type PositionTest = (i: number) => boolean;

/** Each range as its counter's column and bounds, infinite on the side it leaves open. */
function rangeBounds(sample: CounterSample, ranges: ListFacts['ranges']) {
  const { counters } = columnsOf(sample);
  return {
    columns: ranges.map((range) => counters[range.counter]),
    lows: ranges.map((range) => (range.op === '>=' ? range.value : Number.NEGATIVE_INFINITY)),
    highs: ranges.map((range) => (range.op === '<=' ? range.value : Number.POSITIVE_INFINITY)),
  };
}

/** Whether the post at a position is within every one of `ranges` (a counter range, in the counter box). */
export function rangesTest(sample: CounterSample, ranges: ListFacts['ranges']): PositionTest {
  const { columns, lows, highs } = rangeBounds(sample, ranges);
  // One range, the common case, without the loop: the walks' estimates call this for each sampled post.
  if (columns.length === 1) {
    const [values, low, high] = [columns[0]!, lows[0]!, highs[0]!];
    return (i) => values[i]! >= low && values[i]! <= high;
  }
  return (i) => {
    for (let r = 0; r < columns.length; r += 1) {
      const value = columns[r]![i]!;
      // NaN, a counter the post lacks, is within no range.
      if (!(value >= lows[r]! && value <= highs[r]!)) return false;
    }
    return true;
  };
}

/** The dates as epoch milliseconds, infinite on a side the filter leaves open. */
export const dateBounds = (f: Pick<ListFacts, 'startDate' | 'endDate'>) => ({
  since: f.startDate?.getTime() ?? Number.NEGATIVE_INFINITY,
  until: f.endDate?.getTime() ?? Number.POSITIVE_INFINITY,
});

/** Whether the post at a position is within the dates. */
export function datesTest(sample: CounterSample, f: Pick<ListFacts, 'startDate' | 'endDate'>): PositionTest {
  const { createdAt } = columnsOf(sample);
  const { since, until } = dateBounds(f);
  return (i) => createdAt[i]! >= since && createdAt[i]! <= until;
}

/** The last filter set matched on each sample, so that a read's estimates share one pass over it. */
const masks = new WeakMap<CounterSample, { f: ListFacts; mask: Uint8Array }>();

/**
 * Which sampled posts pass every filter the sample can check (`sampleChecks`), position by
 * position: one pass over the columns, kept for the same facts' next estimate.
 */
export function matchMask(sample: CounterSample, f: ListFacts): Uint8Array {
  const kept = masks.get(sample);
  if (kept?.f === f) return kept.mask;
  const c = columnsOf(sample);
  const { since, until } = dateBounds(f);
  // Each range as bounds on its counter's column: the loop below is the estimates' hot path.
  const { columns, lows, highs } = rangeBounds(sample, f.ranges);
  const authors = f.authorIds ? new Set(f.authorIds) : undefined;
  const places = f.places ? new Set(f.places) : undefined;
  const mask = new Uint8Array(sample.posts.length);
  next: for (let i = 0; i < mask.length; i += 1) {
    const at = c.createdAt[i]!;
    if (at < since || at > until) continue;
    for (let r = 0; r < columns.length; r += 1) {
      const value = columns[r]![i]!;
      // NaN, a counter the post lacks, is within no range.
      if (!(value >= lows[r]! && value <= highs[r]!)) continue next;
    }
    if (authors && !authors.has(c.authorId[i]!)) continue;
    if (f.mediaType && c.mediaType[i] !== f.mediaType) continue;
    if (places && !places.has(c.place[i] ?? '')) continue;
    mask[i] = 1;
  }
  masks.set(sample, { f, mask });
  return mask;
}

/** The posts' positions in the page's order: the sort's column, then id, in the sort's direction. */
export function pageOrder(sample: CounterSample, f: Pick<ListFacts, 'sortBy' | 'sortOrder'>): Int32Array {
  const key = `${f.sortBy} ${f.sortOrder}`;
  let sorted = sample.sorted.get(key);
  if (!sorted) {
    const c = columnsOf(sample);
    const values = f.sortBy === 'created_at' ? c.createdAt : c.counters[f.sortBy as Sampled];
    const value = (i: number) => (Number.isNaN(values[i]!) ? 0 : values[i]!);
    const sign = f.sortOrder === 'asc' ? 1 : -1;
    sorted = Int32Array.from(sample.posts.keys()).sort((a, b) => sign * (value(a) - value(b) || sample.posts[a]!.id - sample.posts[b]!.id));
    sample.sorted.set(key, sorted);
  }
  return sorted;
}
