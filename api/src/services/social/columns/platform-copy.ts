import { matchSegment, rowPasses, type ColumnQuery } from './match.js';
import { firstKByColumn } from './order.js';
import type { ColumnRow } from './rows.js';
import { buildSegment, Segment } from './segment.js';

/** A page's posts by key, in the page's order, and the exact count of the matches. */
export interface ColumnPage {
  total: number;
  rows: { id: number; us: number }[];
}

/**
 * One platform's posts in columns: a segment sorted by time, scanned in bulk, and the posts
 * written since it was built in a short list beside it (`recent`); a post written again leaves
 * its old row dead. The two are merged into a new segment once the list or the dead rows grow.
 */
export class PlatformCopy {
  private recent: (ColumnRow | null)[] = [];
  private recentAt = new Map<number, number>();
  private out: Int32Array;
  /** Rebuilds done (tests and logs). */
  rebuilt = 0;
  /** The ids written while a rebuild runs (undefined when none runs). */
  private writtenSince: Set<number> | undefined;

  private constructor(
    private main: Segment,
    private readonly counters: number,
  ) {
    this.out = new Int32Array(main.size);
  }

  /** A copy of rows already sorted by (us, id). */
  static async build(rows: readonly ColumnRow[], counters: number): Promise<PlatformCopy> {
    return new PlatformCopy(await buildSegment(rows, counters), counters);
  }

  /** A copy of no rows yet. */
  static empty(counters: number): PlatformCopy {
    return new PlatformCopy(new Segment(0, counters), counters);
  }

  get size(): number {
    return this.main.size - this.main.dead + this.recentAt.size;
  }

  /** Whether a rebuild is under way (tests wait for it). */
  get rebuilding(): boolean {
    return this.writtenSince !== undefined;
  }

  /** A post as it now is (null: gone). */
  write(id: number, row: ColumnRow | null): void {
    const at = this.main.rowOf(id);
    if (at >= 0 && this.main.live[at] === 1) {
      this.main.live[at] = 0;
      this.main.dead++;
    }
    const before = this.recentAt.get(id);
    if (before !== undefined) {
      this.recent[before] = null;
      this.recentAt.delete(id);
    }
    if (row) {
      this.recentAt.set(id, this.recent.length);
      this.recent.push(row);
    }
    this.writtenSince?.add(id);
    const due = this.recent.length > 4096 + this.main.size / 32 || this.main.dead > 1024 + this.main.size / 8;
    if (due && !this.writtenSince) void this.rebuild();
  }

  /**
   * Merges the segment's live rows and the recent list into a new segment, a slice at a time
   * (segment.ts, `buildSegment`), while reads go on against the old one and writes land as before.
   * Whatever was written meanwhile is dead in the new segment and stays in the recent list.
   */
  private async rebuild(): Promise<void> {
    const since = new Set<number>();
    this.writtenSince = since;
    try {
      const next = await buildSegment(await this.liveRows(), this.counters);
      for (const id of since) {
        const at = next.rowOf(id);
        if (at >= 0 && next.live[at] === 1) [next.live[at], next.dead] = [0, next.dead + 1];
      }
      const kept = this.recent.filter((row): row is ColumnRow => row !== null && since.has(row.id));
      [this.main, this.out, this.recent] = [next, new Int32Array(next.size), kept];
      this.recentAt = new Map(kept.map((row, i) => [row.id, i]));
      this.rebuilt++;
    } finally {
      this.writtenSince = undefined;
    }
  }

  /** Every live row, the segment's and the recent list's, in (us, id) order. */
  private async liveRows(): Promise<ColumnRow[]> {
    const old = this.main;
    const recent = this.recent.filter((row): row is ColumnRow => row !== null).sort((a, b) => a.us - b.us || a.id - b.id);
    const rows: ColumnRow[] = [];
    let j = 0;
    for (let i = 0; i < old.size; i++) {
      if (old.live[i] === 1) {
        const row = old.row(i);
        while (j < recent.length && (recent[j]!.us - row.us || recent[j]!.id - row.id) < 0) rows.push(recent[j++]!);
        rows.push(row);
      }
      if (i % 20_000 === 19_999) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return rows.concat(recent.slice(j));
  }

  /**
   * The query's page and its exact total: the segment's matches (match.ts) in order, the first
   * up to the page's end taken by time straight off them or by a counter through a heap
   * (order.ts); the recent list's matches, tested row by row, merged in.
   */
  match(q: ColumnQuery): ColumnPage {
    const n = matchSegment(this.main, q, this.out);
    const recent: number[] = [];
    this.recent.forEach((row, j) => {
      if (row && rowPasses(row, q)) recent.push(-(j + 1));
    });
    const total = n + recent.length;
    const k = Math.min(q.offset + q.limit, total);
    const first = q.sort < 0 ? this.byTime(n, q.desc, k) : firstKByColumn(this.out, n, this.main.values[q.sort]!, this.main.ids, k, q.desc);
    const refs = recent.length === 0 ? first : this.merged(first, recent, q).slice(0, k);
    return { total, rows: refs.slice(q.offset).map((ref) => this.keyOf(ref)) };
  }

  /** The first k of the segment's matches by time: they are in its order already. */
  private byTime(n: number, desc: boolean, k: number): number[] {
    const refs: number[] = [];
    for (let i = 0; i < Math.min(k, n); i++) refs.push(this.out[desc ? n - 1 - i : i]!);
    return refs;
  }

  private merged(first: number[], recent: number[], q: ColumnQuery): number[] {
    const sign = q.desc ? -1 : 1;
    const keyOf = q.sort < 0 ? (ref: number) => this.usOf(ref) : (ref: number) => this.valueOf(ref, q.sort);
    return [...first, ...recent].sort((a, b) => sign * (keyOf(a) - keyOf(b) || this.idOf(a) - this.idOf(b)));
  }

  private rowAt = (ref: number) => this.recent[-ref - 1]!;
  private idOf = (ref: number) => (ref >= 0 ? this.main.ids[ref]! : this.rowAt(ref).id);
  private usOf = (ref: number) => (ref >= 0 ? this.main.us[ref]! : this.rowAt(ref).us);
  private valueOf = (ref: number, column: number) => (ref >= 0 ? this.main.values[column]![ref]! : this.rowAt(ref).values[column]!);
  private keyOf = (ref: number) => ({ id: this.idOf(ref), us: this.usOf(ref) });
}
