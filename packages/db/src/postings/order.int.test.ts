import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.js';
import { importPosts } from '../ingest/import-posts.js';
import { readJsonLines } from '../ingest/read-jsonl.js';
import { findRollupDrift } from '../rollups/verify.js';
import { jsonl, openSocialTestDb, streamOf } from '../test/social-db.js';
import { orderPostingsDay } from './order.js';

// A day's postings rewritten in key order (postings/order.ts): the same rows after, the day's in
// key order in the heap, the other days' left where they were.

let handle: DbHandle;
let close: () => Promise<void>;

const WORDS = ['bitcoin', 'ethereum', 'solana', 'rally', 'dump', 'moon'];
const COINS = ['BTC', 'ETH', 'SOL'];

beforeAll(async () => {
  ({ handle, close } = await openSocialTestDb());
  // Two days of tweets, a few an hour, each naming two words, a coin and a hashtag.
  const records = Array.from({ length: 96 }, (_, i) => ({
    id: `t${i}`,
    username: `user${i % 7}`,
    text: `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 1) % WORDS.length]} $${COINS[i % COINS.length]} #tag${i % 4}`,
    createdAt: new Date(Date.parse('2026-11-20T00:10:00Z') + i * 30 * 60_000).toISOString(),
    likes: i,
  }));
  await importPosts(handle.db, readJsonLines(streamOf(jsonl(...records))), {
    platform: 'twitter',
    now: Date.parse('2026-11-23T00:00:00Z'),
  });
});

afterAll(async () => {
  await close?.();
});

interface Row {
  platform: string;
  term: string;
  hour: string;
  ids: string;
  times: string;
  ranks: string;
}

/** Every postings row, each column as text, in key order. */
const rows = () =>
  sql<Row>`
    select platform, term, hour::text as hour, ids::text as ids, times::text as times, ranks::text as ranks
    from search_postings order by platform, term, hour
  `
    .execute(handle.db)
    .then((r) => r.rows);

/** The keys of the rows in the hour range [from, to), in the order they lie in the heap, and their places. */
const heapOrder = (from: string, to: string) =>
  sql<{ key: string; place: string }>`
    select platform || ' ' || term || ' ' || hour::text as key, ctid::text as place from search_postings
    where hour >= ${from}::timestamptz and hour < ${to}::timestamptz order by ctid
  `
    .execute(handle.db)
    .then((r) => r.rows);

const sortedKeys = (keyed: { key: string }[]) => keyed.map((r) => r.key).sort();

describe(`postings in key order (${process.env.TEST_DB})`, () => {
  it('rewrites a day in key order: the same rows, the other day left where it was', async () => {
    // The 20th written backwards, as far from key order as rows can lie.
    await sql`
      with moved as (
        delete from search_postings where hour >= '2026-11-20T00:00:00Z' and hour < '2026-11-21T00:00:00Z'
        returning platform, term, hour, ids, times, ranks, bands
      )
      insert into search_postings select * from moved order by platform desc, term desc, hour desc
    `.execute(handle.db);
    const before = await rows();
    const day = await heapOrder('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z');
    const next = await heapOrder('2026-11-21T00:00:00Z', '2026-11-22T00:00:00Z');
    expect(day.length).toBeGreaterThan(50);
    expect(day.map((r) => r.key)).not.toEqual(sortedKeys(day));

    expect(await orderPostingsDay(handle.db, '2026-11-20')).toBe(day.length);

    expect(await rows()).toEqual(before);
    const ordered = await heapOrder('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z');
    expect(ordered.map((r) => r.key)).toEqual(sortedKeys(day));
    expect(await heapOrder('2026-11-21T00:00:00Z', '2026-11-22T00:00:00Z')).toEqual(next);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('rewrites nothing on a day without postings', async () => {
    const before = await rows();
    expect(await orderPostingsDay(handle.db, '2026-10-01')).toBe(0);
    expect(await rows()).toEqual(before);
  });
});
