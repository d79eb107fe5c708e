import type { ColumnRow } from './rows.js';

/** Rows a segment's id index can address: a row's number shares a float with its id (ids below 2^30). */
const ROW_BITS = 2 ** 23;
export const MAX_SEGMENT_ROWS = ROW_BITS;
export const MAX_POST_ID = 2 ** 30;

/**
 * One platform's posts in columns, sorted by (created_at, id): typed arrays a filter scans in
 * bulk, a liveness flag a later write clears, and an index from id to row.
 */
export class Segment {
  readonly size: number;
  readonly ids: Float64Array;
  readonly us: Float64Array;
  readonly authors: Float64Array;
  readonly values: Float64Array[];
  readonly media: Uint8Array;
  readonly places: Int32Array;
  readonly live: Uint8Array;
  /** One more than the largest place code of its rows (0 with none). */
  placeSlots = 0;
  /** Rows a later write left dead. */
  dead = 0;
  /** Each author's rows, in row order: `byAuthor` from `authorSpans.get(author)`'s start to its end. */
  private readonly byAuthor: Int32Array;
  private readonly authorSpans = new Map<number, { start: number; end: number }>();
  /** id × 2^23 + row, sorted: the row of an id by binary search. */
  private readonly byId: Float64Array;

  /** Room for `n` rows; `buildSegment` fills it. */
  constructor(n: number, counters: number) {
    if (n > MAX_SEGMENT_ROWS) throw new Error(`filter columns hold at most ${MAX_SEGMENT_ROWS} posts a platform`);
    this.size = n;
    this.ids = new Float64Array(n);
    this.us = new Float64Array(n);
    this.authors = new Float64Array(n);
    this.values = Array.from({ length: counters }, () => new Float64Array(n));
    this.media = new Uint8Array(n);
    this.places = new Int32Array(n);
    this.live = new Uint8Array(n).fill(1);
    this.byId = new Float64Array(n);
    this.byAuthor = new Int32Array(n);
  }

  /** Rows [from, to) of `rows`, into the same rows of the columns. */
  fill(rows: readonly ColumnRow[], from: number, to: number): void {
    for (let i = from; i < to; i++) this.put(i, rows[i]!);
  }

  /** Sorts the id index: one native sort of numbers. */
  sortIds(): void {
    this.byId.sort();
  }

  /** Counts rows [from, to) per author: the first pass of the author index. */
  countAuthors(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const span = this.authorSpans.get(this.authors[i]!);
      if (span) span.end++;
      else this.authorSpans.set(this.authors[i]!, { start: 0, end: 1 });
    }
  }

  /** Turns the counts into each author's start. */
  placeAuthors(): void {
    let start = 0;
    for (const span of this.authorSpans.values()) {
      const count = span.end;
      [span.start, span.end] = [start, start];
      start += count;
    }
  }

  /** Writes rows [from, to) into their authors' places: the second pass. */
  indexAuthors(from: number, to: number): void {
    for (let i = from; i < to; i++) this.byAuthor[this.authorSpans.get(this.authors[i]!)!.end++] = i;
  }

  /**
   * The authors' rows within [from, to), in row order, when there are at most `atMost` of them;
   * else undefined (the dates' rows are then the narrower way in).
   */
  authorRows(authors: readonly number[], from: number, to: number, atMost: number): Int32Array | undefined {
    const spans: [number, number][] = [];
    let count = 0;
    for (const author of new Set(authors)) {
      const span = this.authorSpans.get(author);
      if (!span) continue;
      const lo = firstAtLeast(this.byAuthor, span.start, span.end, from);
      const hi = firstAtLeast(this.byAuthor, lo, span.end, to);
      spans.push([lo, hi]);
      count += hi - lo;
      if (count > atMost) return undefined;
    }
    const rows = new Int32Array(count);
    let at = 0;
    for (const [lo, hi] of spans) {
      rows.set(this.byAuthor.subarray(lo, hi), at);
      at += hi - lo;
    }
    return rows.sort();
  }

  private put(i: number, row: ColumnRow) {
    if (row.id >= MAX_POST_ID) throw new Error(`filter columns hold post ids below ${MAX_POST_ID}`);
    this.ids[i] = row.id;
    this.us[i] = row.us;
    this.authors[i] = row.author;
    for (let k = 0; k < this.values.length; k++) this.values[k]![i] = row.values[k] ?? 0;
    this.media[i] = row.media;
    this.places[i] = row.place;
    if (row.place >= this.placeSlots) this.placeSlots = row.place + 1;
    this.byId[i] = row.id * ROW_BITS + i;
  }

  /** The row of a post, or -1. */
  rowOf(id: number): number {
    const key = id * ROW_BITS;
    const found = this.byId[firstAtLeast(this.byId, 0, this.size, key)];
    return found !== undefined && found - key < ROW_BITS ? found - key : -1;
  }

  /** The first row at or after `us` (microseconds). */
  firstAtOrAfter(us: number): number {
    return firstAtLeast(this.us, 0, this.size, us);
  }

  /** The first row after `us`: times are whole microseconds, so the first at or after the next one. */
  firstAfter(us: number): number {
    return firstAtLeast(this.us, 0, this.size, Math.floor(us) + 1);
  }

  /** A row read back as the row it was made from. */
  row(i: number): ColumnRow {
    return {
      id: this.ids[i]!,
      us: this.us[i]!,
      author: this.authors[i]!,
      values: this.values.map((column) => column[i]!),
      media: this.media[i]!,
      place: this.places[i]!,
    };
  }
}

/** The first position in sorted[start, end) holding at least `value` (end when none does). */
function firstAtLeast(sorted: Float64Array | Int32Array, start: number, end: number, value: number): number {
  let [lo, hi] = [start, end];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows a build handles between two turns of the event loop, so that requests keep being answered (about 5 ms of work). */
const BUILD_SLICE = 20_000;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A segment from rows already sorted by (us, id), built a slice at a time with the event loop
 * turning between slices: a whole platform at once (450,000 rows at 1,000,000 posts) held it
 * for about 250 ms, past the load shedder's limit (docs/operations.md).
 */
export async function buildSegment(rows: readonly ColumnRow[], counters: number): Promise<Segment> {
  const segment = new Segment(rows.length, counters);
  const sliced = async (step: (from: number, to: number) => void) => {
    for (let from = 0; from < rows.length; from += BUILD_SLICE) {
      step(from, Math.min(from + BUILD_SLICE, rows.length));
      await turn();
    }
  };
  await sliced((from, to) => segment.fill(rows, from, to));
  segment.sortIds();
  await sliced((from, to) => segment.countAuthors(from, to));
  segment.placeAuthors();
  await sliced((from, to) => segment.indexAuthors(from, to));
  return segment;
}
