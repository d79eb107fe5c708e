import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.js';
import { importPosts } from '../ingest/import-posts.js';
import { readJsonLines } from '../ingest/read-jsonl.js';
import { findRollupDrift } from '../rollups/verify.js';
import { jsonl, openSocialTestDb, streamOf } from '../test/social-db.js';
import { ensurePostMonths } from './months.js';
import { dropPostMonthsBefore, postMonths } from './retention.js';

// posts is partitioned by month of created_at (migration 2026-11-30T0100_posts_partitioned, docs/performance.md
// "Time partitions"): what the importer, the keys and retention must keep true.

let handle: DbHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await openSocialTestDb());
});

afterAll(async () => {
  await close?.();
});

beforeEach(async () => {
  await sql`truncate posts, post_keys, posts_retention, authors, platform_hourly_stats, topic_hourly_stats, topic_daily_stats, topic_related_daily, author_daily_stats, author_topic_stats, search_postings, search_term_days restart identity cascade`.execute(
    handle.db,
  );
  for (const month of await postMonths(handle.db)) await sql`drop table ${sql.table(month.name)}`.execute(handle.db);
});

const NOW = Date.parse('2026-11-22T12:00:00Z');
const tweet = (id: string, createdAt: string, text = `$BTC and ethereum (${id}) #defi`) => ({
  id,
  username: 'satoshi',
  text,
  createdAt,
  likes: 3,
});
const COPY = process.env.TEST_DB === 'postgres' ? (['copy', 'statements'] as const) : (['statements'] as const);

const importTweets = (records: unknown[], writePath: 'copy' | 'statements') =>
  importPosts(handle.db, readJsonLines(streamOf(jsonl(...records))), { platform: 'twitter', now: NOW, writePath });

/** Each post with the month of posts it is stored in. */
const stored = () =>
  sql<{ external_id: string; id: number; month: string; created_at: Date }>`
    select external_id, id, tableoid::regclass::text as month, created_at from posts order by external_id
  `
    .execute(handle.db)
    .then((r) => r.rows.map((row) => ({ ...row, id: Number(row.id) })));

const postings = (term: string) =>
  sql<{ ids: string[] }>`select ids from search_postings where term = ${term} order by hour`
    .execute(handle.db)
    .then((r) => r.rows.flatMap((row) => row.ids.map(Number)).sort((a, b) => a - b));

describe(`time partitions of posts (${process.env.TEST_DB})`, () => {
  it.each(COPY)('imports a post dated in a month with no partition yet (%s path)', async (writePath) => {
    expect(await postMonths(handle.db)).toEqual([]);
    const report = await importTweets([tweet('a', '2026-07-31T23:59:59.999Z'), tweet('b', '2026-08-01T00:00:00Z')], writePath);
    expect(report).toMatchObject({ inserted: 2, failed: 0 });
    expect((await postMonths(handle.db)).map((m) => m.name)).toEqual(['posts_2026_07', 'posts_2026_08']);
    expect((await stored()).map((p) => [p.external_id, p.month])).toEqual([
      ['a', 'posts_2026_07'],
      ['b', 'posts_2026_08'],
    ]);
    // Each month carries the parent's indexes and statistics.
    const { rows } = await sql<{ indexes: number; statistics: number }>`
      select (select count(*)::int from pg_indexes where tablename = 'posts_2026_07') as indexes,
             (select count(*)::int from pg_statistic_ext where stxrelid = 'posts_2026_07'::regclass) as statistics
    `.execute(handle.db);
    const parent = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where tablename = 'posts'`.execute(handle.db);
    expect(rows[0]).toEqual({ indexes: parent.rows[0]!.n, statistics: 13 });
  });

  it.each(COPY)('dedupes a re-import across months: one post, the same id, moved with its postings (%s path)', async (writePath) => {
    await importTweets([tweet('a', '2026-09-10T10:00:00Z'), tweet('b', '2026-09-11T10:00:00Z')], writePath);
    const before = await stored();
    const again = await importTweets([tweet('a', '2026-10-02T08:00:00Z'), tweet('b', '2026-09-11T10:00:00Z')], writePath);
    expect(again).toMatchObject({ inserted: 0, updated: 1, skipped: 1 });
    const after = await stored();
    expect(after.map((p) => [p.external_id, p.id, p.month])).toEqual([
      ['a', before[0]!.id, 'posts_2026_10'],
      ['b', before[1]!.id, 'posts_2026_09'],
    ]);
    expect(Number((await sql<{ n: number }>`select count(*) as n from post_keys`.execute(handle.db)).rows[0]!.n)).toBe(2);
    expect(await postings('ethereum')).toEqual(after.map((p) => p.id).sort((a, b) => a - b));
    expect(await findRollupDrift(handle.db)).toEqual([]);
    // A new post takes a new id (a key met again uses one up, as an identity does); an old key keeps its own.
    await importTweets([tweet('c', '2026-10-03T08:00:00Z'), tweet('a', '2026-10-02T08:00:00Z')], writePath);
    const ids = (await stored()).map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual([before[0]!.id, before[1]!.id]);
    expect(ids[2]).toBeGreaterThan(Math.max(...before.map((p) => p.id)));
  });

  it.each(COPY)('writes a batch again when it met another importer (a serialization failure) (%s path)', async (writePath) => {
    // The first batch written fails as a concurrent importer's conflict would (SQLSTATE 40001);
    // a sequence, unlike a table, keeps counting through the rollback.
    await sql`create sequence conflict_once`.execute(handle.db);
    await sql`
      create function conflict_once() returns trigger language plpgsql as $$
      begin
        if nextval('conflict_once') = 1 then raise exception 'could not serialize access' using errcode = '40001'; end if;
        return null;
      end $$
    `.execute(handle.db);
    await sql`create trigger conflict_once after insert on post_keys for each statement execute function conflict_once()`.execute(
      handle.db,
    );
    try {
      const report = await importTweets([tweet('a', '2026-09-10T10:00:00Z'), tweet('b', '2026-10-11T10:00:00Z')], writePath);
      expect(report).toMatchObject({ inserted: 2, failed: 0 });
      expect((await stored()).map((p) => p.external_id)).toEqual(['a', 'b']);
      expect(await findRollupDrift(handle.db)).toEqual([]);
    } finally {
      await sql`drop trigger conflict_once on post_keys`.execute(handle.db);
      await sql`drop function conflict_once()`.execute(handle.db);
      await sql`drop sequence conflict_once`.execute(handle.db);
    }
  });

  it('makes a month once when importers ask for it at the same time', async () => {
    const times = [new Date('2026-06-15T00:00:00Z'), new Date('2026-05-01T00:00:00Z')];
    await Promise.all(Array.from({ length: 4 }, () => ensurePostMonths(handle.db, times)));
    expect((await postMonths(handle.db)).map((m) => m.name)).toEqual(['posts_2026_05', 'posts_2026_06']);
    const statistics = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_statistic_ext where stxname like 'posts_2026_06_%'`.execute(handle.db);
    expect(statistics.rows[0]!.n).toBe(13);
  });

  it('retention drops exactly the months wholly past the horizon, with their keys, postings and day counts; the rollups stay', async () => {
    const records = [
      tweet('aug', '2026-08-15T12:00:00Z'),
      tweet('sep', '2026-09-30T23:30:00Z'),
      tweet('oct-1', '2026-10-01T00:10:00Z'),
      tweet('oct-2', '2026-10-20T00:10:00Z'),
      tweet('nov', '2026-11-05T00:10:00Z'),
    ];
    await importTweets(records, COPY[0]);
    const rollups = async () => (await sql`select * from platform_hourly_stats order by hour`.execute(handle.db)).rows;
    const before = await rollups();
    const kept = (await stored()).filter((p) => !['aug', 'sep'].includes(p.external_id));

    // 15 October: September is wholly past, October is not.
    const marks = () => handle.db.selectFrom('post_changes').select('xid').where('post_id', 'is', null).execute();
    const marked = (await marks()).length;
    const gone = await dropPostMonthsBefore(handle.db, new Date('2026-10-15T00:00:00Z'));
    expect(gone.map((m) => m.name)).toEqual(['posts_2026_08', 'posts_2026_09']);
    // Each month dropped leaves a mark in the journal: the servers' filter columns reload.
    expect((await marks()).length).toBe(marked + 2);
    expect((await postMonths(handle.db)).map((m) => m.name)).toEqual(['posts_2026_10', 'posts_2026_11']);
    expect(await stored()).toEqual(kept);
    const keys = await handle.db.selectFrom('post_keys').select('external_id').orderBy('external_id').execute();
    expect(keys.map((k) => k.external_id)).toEqual(['nov', 'oct-1', 'oct-2']);
    expect(await postings('ethereum')).toEqual(kept.map((p) => p.id).sort((a, b) => a - b));
    const days = await sql<{ day: string; posts: number }>`
      select to_char(day, 'YYYY-MM-DD') as day, posts from search_term_days where term = 'ethereum' and posts > 0 order by day
    `.execute(handle.db);
    expect(days.rows).toEqual([
      { day: '2026-10-01', posts: 1 },
      { day: '2026-10-20', posts: 1 },
      { day: '2026-11-05', posts: 1 },
    ]);
    expect(await rollups()).toEqual(before);
    // The lists' totals, summed from the rollups, start where the posts now start.
    expect(await handle.db.selectFrom('posts_retention').select('kept_from').execute()).toEqual([
      { kept_from: new Date('2026-10-01T00:00:00Z') },
    ]);
    const tables = await sql`select 1 from pg_class where relname in ('posts_2026_08', 'posts_2026_09')`.execute(handle.db);
    expect(tables.rows).toEqual([]);

    // Nothing more to drop at the same horizon; a post of a dropped month comes back as a new one.
    expect(await dropPostMonthsBefore(handle.db, new Date('2026-10-15T00:00:00Z'))).toEqual([]);
    expect(await importTweets([tweet('sep', '2026-09-30T23:30:00Z')], COPY[0])).toMatchObject({ inserted: 1 });
  });
});
