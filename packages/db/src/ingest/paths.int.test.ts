import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.js';
import { findRollupDrift } from '../rollups/verify.js';
import type { Database } from '../schema/index.js';
import { engagementOf } from '../schema/posts.js';
import { generateDemoPosts } from '../seed/posts/generate.js';
import { seedDemoPosts } from '../seed/posts/seed-posts.js';
import { jsonl, openSocialTestDb, streamOf } from '../test/social-db.js';
import { importPosts, type ImportReport } from './import-posts.js';
import { readJsonLines } from './read-jsonl.js';

// The COPY path (PostgreSQL's default) against the statement path it replaced: the same files,
// each into a database of its own, must give the same reports, rows, rollups and search answers.
// PGlite has only the statement path, so the test runs on PostgreSQL.

type Path = 'copy' | 'statements';
const NOW = new Date('2026-11-22T12:00:00Z');
const dbs = new Map<Path, { handle: DbHandle; close: () => Promise<void> }>();

const dbOf = (path: Path): Kysely<Database> => dbs.get(path)!.handle.db;

// Demo tweets as an export would carry them, some without a follower count.
const tweets = [...generateDemoPosts({ count: 6_000, now: NOW })]
  .filter((p) => p.platform === 'twitter')
  .slice(0, 1_200)
  .map((p, i) => ({
    id: p.externalId,
    username: i % 7 === 0 ? p.username.toUpperCase() : p.username,
    displayName: p.displayName,
    ...(i % 5 === 0 ? {} : { followers: p.followers }),
    text: p.text,
    createdAt: p.createdAt.toISOString(),
    ...engagementOf(p),
  }));

// A first file with malformed lines and repeated ids (later edits); a second that edits some
// posts (counts, text and so topics, dates and so buckets) and repeats the rest unchanged.
const first = jsonl(
  ...tweets.slice(0, 900),
  '{"id": "broken", ',
  { ...tweets[3], likes: -4 },
  { ...tweets[10], likes: 12_345, text: 'Edited: $SOL and #solana now, $ETH too' },
  tweets[11],
  'tab\tand "quotes" are not JSON',
);
const second = jsonl(
  ...tweets.slice(600, 1_200).map((t, i) =>
    i % 3 === 0
      ? {
          ...t,
          likes: t.likes + 1,
          text: i % 2 === 0 ? `${t.text} \\ back\\slash, tab\t, new\nline #rewritten $ADA` : t.text,
          createdAt: i % 4 === 0 ? '2026-11-01T00:30:00Z' : t.createdAt,
        }
      : t,
  ),
);

const importInto = (path: Path, text: string, batchSize: number): Promise<ImportReport> =>
  importPosts(dbOf(path), readJsonLines(streamOf(text)), { platform: 'twitter', batchSize, now: NOW.getTime(), writePath: path });

// Everything a reader sees, ids included (both paths create authors and posts in the same order).
async function snapshot(db: Kysely<Database>) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    authors: await rows(sql`select id, platform, username, display_name, followers from authors order by id`),
    posts: await rows(sql`
      select id, platform, external_id, author_id, text, created_at, likes, comments, shares, views, replies, retweets,
             media_type, location, reactions, hashtags, symbols, sentiment, sentiment_model, search::text as search
      from posts order by id`),
    platformHours: await rows(sql`select * from platform_hourly_stats order by hour, platform`),
    topicHours: await rows(sql`select * from topic_hourly_stats order by hour, platform, topic`),
    topicDays: await rows(sql`select * from topic_daily_stats order by day, platform, topic`),
    related: await rows(sql`select * from topic_related_daily order by day, platform, topic, symbol`),
    authorDays: await rows(sql`select * from author_daily_stats order by author_id, day`),
    authorTopics: await rows(sql`select * from author_topic_stats order by author_id, topic`),
    // The arrays' order is the order of writing, which the two paths need not share.
    postings: await rows(sql`
      select platform, term, hour, array(select u.id || '@' || u.rank from unnest(ids, ranks) u(id, rank) order by u.id) as postings
      from search_postings where cardinality(ids) > 0 order by platform, term, hour`),
    termDays: await rows(sql`select platform, term, day, posts from search_term_days where posts <> 0 order by platform, term, day`),
    searches: await Promise.all(
      ['bitcoin', 'rally', 'rewritten', 'dump OR crash', '"all time high"'].map((term) =>
        rows(sql`
          select id from posts where search @@ websearch_to_tsquery('english', ${term})
          order by created_at desc, id desc limit 50`),
      ),
    ),
  };
}

// Sentiment sums are float8 additions in another order (JavaScript's, or the database's), so
// they agree to rounding; everything else is equal.
const rounded = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(rounded)
    : value && typeof value === 'object' && !(value instanceof Date)
      ? Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, k === 'sentiment_sum' ? Math.round(Number(v) * 1e6) / 1e6 : rounded(v)]),
        )
      : value;

describe.skipIf(process.env.TEST_DB !== 'postgres')('COPY and statement paths give the same data (postgres)', () => {
  beforeAll(async () => {
    for (const path of ['copy', 'statements'] as const) dbs.set(path, await openSocialTestDb());
  });

  afterAll(async () => {
    for (const { close } of dbs.values()) await close();
  });

  it('imports, edits and re-imports to the same reports, posts, authors, rollups and search answers', async () => {
    const reports = new Map<Path, ImportReport[]>();
    for (const path of ['copy', 'statements'] as const) {
      reports.set(path, [await importInto(path, first, 250), await importInto(path, second, 400), await importInto(path, first, 1_000)]);
    }
    const [firstReport, secondReport, again] = reports.get('copy')!;
    expect(reports.get('statements')).toEqual(reports.get('copy'));
    expect(firstReport).toMatchObject({ rows: 905, inserted: 900, updated: 1, skipped: 1, failed: 3 });
    expect(firstReport!.errors.map((e) => e.line)).toEqual([901, 902, 905]);
    expect(secondReport).toMatchObject({ rows: 600, inserted: 300, updated: 100, skipped: 200, failed: 0 });
    // The first file again: its posts that the second file edited go back, the rest are unchanged.
    expect(again).toMatchObject({ inserted: 0, updated: 102, failed: 3 });

    const copy = await snapshot(dbOf('copy'));
    const statements = await snapshot(dbOf('statements'));
    expect(copy.posts).toHaveLength(1_200);
    expect(copy.searches.every((ids) => ids.length > 0)).toBe(true);
    expect(rounded(copy)).toEqual(rounded(statements));
    expect(await findRollupDrift(dbOf('copy'))).toEqual([]);
  });

  it('seeds the same demo posts and rollups either way', async () => {
    for (const path of ['copy', 'statements'] as const) {
      await sql`truncate posts, post_keys, authors, platform_hourly_stats, topic_hourly_stats, topic_daily_stats, topic_related_daily, author_daily_stats, author_topic_stats, search_postings, search_term_days restart identity cascade`.execute(
        dbOf(path),
      );
      expect(await seedDemoPosts(dbOf(path), { count: 1_500, now: NOW, batchSize: 400, writePath: path })).toMatchObject({
        inserted: 1_500,
      });
    }
    const copy = await snapshot(dbOf('copy'));
    expect(copy.posts).toHaveLength(1_500);
    expect(rounded(copy)).toEqual(rounded(await snapshot(dbOf('statements'))));
  });
});
