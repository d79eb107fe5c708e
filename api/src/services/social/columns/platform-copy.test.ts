import { mulberry32 } from '@coinsight/db';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnQuery } from './match.js';
import { PlatformCopy } from './platform-copy.js';
import type { ColumnRow } from './rows.js';

// The copy against the plainest statement of a page over the same rows: every live row that
// passes, sorted by the column then the id, cut at the page.
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

function randomRow(r: () => number, id: number): ColumnRow {
  return {
    id,
    us: 1_700_000_000_000_000 + Math.floor(r() * 1_000) * 1_000_000 + (r() < 0.5 ? 0 : Math.floor(r() * 999)),
    author: 1 + Math.floor(r() * 40),
    values: [Math.floor(r() * 50), Math.floor(r() * 500)],
    media: Math.floor(r() * 4),
    place: Math.floor(r() * 6) - 1,
  };
}

function randomQuery(r: () => number): ColumnQuery {
  const start = 1_700_000_000_000_000 + Math.floor(r() * 1_000) * 1_000_000;
  return {
    startUs: r() < 0.4 ? start : undefined,
    endUs: r() < 0.4 ? start + Math.floor(r() * 400) * 1_000_000 : undefined,
    authors: r() < 0.4 ? Array.from({ length: 1 + Math.floor(r() * 8) }, () => 1 + Math.floor(r() * 40)) : undefined,
    ranges: r() < 0.5 ? [{ column: pick(r, [0, 1]), lo: Math.floor(r() * 20), hi: r() < 0.5 ? Infinity : 30 + Math.floor(r() * 400) }] : [],
    media: r() < 0.3 ? 1 + Math.floor(r() * 3) : undefined,
    places: r() < 0.3 ? new Set([Math.floor(r() * 5), Math.floor(r() * 5)]) : undefined,
    sort: pick(r, [-1, 0, 1]),
    desc: r() < 0.5,
    offset: pick(r, [0, 0, 10, 50, 400]),
    limit: pick(r, [10, 25]),
  };
}

function plain(rows: Map<number, ColumnRow>, q: ColumnQuery) {
  const passing = [...rows.values()].filter(
    (row) =>
      (q.startUs === undefined || row.us >= q.startUs) &&
      (q.endUs === undefined || row.us <= q.endUs) &&
      q.ranges.every((range) => row.values[range.column]! >= range.lo && row.values[range.column]! <= range.hi) &&
      (!q.authors || q.authors.includes(row.author)) &&
      (q.media === undefined || row.media === q.media) &&
      (!q.places || q.places.has(row.place)),
  );
  const key = (row: ColumnRow) => (q.sort < 0 ? row.us : row.values[q.sort]!);
  passing.sort((a, b) => (q.desc ? -1 : 1) * (key(a) - key(b) || a.id - b.id));
  return { total: passing.length, ids: passing.slice(q.offset, q.offset + q.limit).map((row) => row.id) };
}

describe('a platform copy of the filter columns', () => {
  it('answers random queries as the plain statement does, through inserts, rewrites, deletions and rebuilds', async () => {
    const r = mulberry32(7);
    const rows = new Map<number, ColumnRow>();
    for (let id = 1; id <= 3_000; id++) rows.set(id, randomRow(r, id));
    const copy = await PlatformCopy.build(
      [...rows.values()].sort((a, b) => a.us - b.us || a.id - b.id),
      2,
    );
    let next = 3_001;
    for (let round = 0; round < 60; round++) {
      // Writes in five batches: new posts (some older than the newest), posts written again, posts
      // gone; the event loop turns between batches, so a rebuild under way goes on among them.
      for (let batch = 0; batch < 5; batch++) {
        for (let w = 0; w < 30; w++) {
          const roll = r();
          const id = roll < 0.5 ? next++ : 1 + Math.floor(r() * (next - 1));
          const row = roll < 0.9 ? randomRow(r, id) : null;
          if (row) rows.set(id, row);
          else rows.delete(id);
          copy.write(id, row);
        }
        for (let i = 0; i < 4; i++) {
          const q = randomQuery(r);
          const got = copy.match(q);
          const label = JSON.stringify({ round, batch, q: { ...q, places: q.places && [...q.places] } });
          expect({ total: got.total, ids: got.rows.map((row) => row.id) }, label).toEqual(plain(rows, q));
          for (const key of got.rows) expect(key.us).toBe(rows.get(key.id)!.us);
        }
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    await vi.waitFor(() => expect(copy.rebuilding).toBe(false));
    expect(copy.size).toBe(rows.size);
    expect(copy.rebuilt).toBeGreaterThan(0);
  });
});
