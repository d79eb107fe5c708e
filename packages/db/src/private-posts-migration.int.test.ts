import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './create-db.js';
import { importPosts, type SourceRecord } from './ingest/import-posts.js';
import { migrateToLatest } from './migrate.js';
import { rebuildRollups } from './rollups/rebuild.js';
import { findRollupDrift } from './rollups/verify.js';
import type { Database } from './schema/index.js';
import { seedAssets } from './seed/assets.js';
import { createTestDatabase, type TestDatabase } from './testing.js';
import { migrations } from './migrations/index.js';

// 2026-11-26T0100_private_posts (docs/security.md §24): the posts that user scrape tasks wrote into the
// shared store before private datasets existed move to their owners, and the rollups are rebuilt.
// The state before is made as it was made then: the migrations up to the one before, and the
// importer writing every task's posts into `posts`.

const BEFORE = '2026-11-24T0300_instagram_filters';

let testDb: TestDatabase;
let handle: DbHandle;
let db: Kysely<Database>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await createDb(testDb.config);
  db = handle.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(BEFORE);
  if (error) throw error;
  await seedAssets(db);
  // Today's importer also writes the search postings and the author rollups, which later
  // migrations create (and fill from the posts): tables of their shape stand in until then.
  await sql`create table search_postings (platform text, term text, hour timestamptz, ids bigint[], times timestamptz[], ranks real[], primary key (platform, term, hour))`.execute(
    db,
  );
  await sql`create table search_term_days (platform text, term text, day date, posts int, primary key (platform, term, day))`.execute(db);
  // Likewise the topic rollups' engagement, which a later migration adds (and fills from the posts).
  for (const table of ['topic_hourly_stats', 'topic_daily_stats']) {
    await sql`alter table ${sql.table(table)} add column engagement int8 not null default 0`.execute(db);
  }
  await sql`create table author_daily_stats (author_id bigint, day date, posts int, likes int8, comments int8, shares int8, views int8, replies int8, retweets int8, sentiment_sum float8, primary key (author_id, day))`.execute(
    db,
  );
  await sql`create table author_topic_stats (author_id bigint, topic text, mentions int, sentiment_sum float8, primary key (author_id, topic))`.execute(
    db,
  );
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function importShared(platform: 'twitter' | 'instagram', records: Record<string, unknown>[]) {
  async function* source(): AsyncGenerator<SourceRecord> {
    let line = 0;
    for (const record of records) yield { line: ++line, record };
  }
  const report = await importPosts(db, source(), { platform });
  expect(report.failed).toBe(0);
}

/** A scrape task as the tasks service stored it; its run window is set around the writes it made. */
async function scrapeTask(id: string, userId: string, source: object) {
  await sql`
    insert into tasks (id, user_id, type, title, params, status, max_attempts, started_at)
    values (${id}, ${userId}, 'scrape', 'import', ${JSON.stringify({ source })}::jsonb, 'running', 3, clock_timestamp())
  `.execute(db);
}
const finish = (id: string) => sql`update tasks set status = 'completed', finished_at = clock_timestamp() where id = ${id}`.execute(db);

const rollups = async () => ({
  platformHours: (await sql<{ posts: number }>`select * from platform_hourly_stats order by hour, platform`.execute(db)).rows,
  topicHours: (await sql<{ topic: string }>`select * from topic_hourly_stats order by hour, platform, topic`.execute(db)).rows,
  topicDays: (await sql`select * from topic_daily_stats order by day, platform, topic`.execute(db)).rows,
  related: (await sql`select * from topic_related_daily order by topic, day, platform, symbol`.execute(db)).rows,
});

describe(`migration: private posts (${process.env.TEST_DB})`, () => {
  it('docs/security.md §24: moves the posts earlier scrape tasks wrote into the shared store to their owners, and rebuilds the rollups', async () => {
    for (const id of ['usr_one', 'usr_two']) {
      await sql`insert into users (id, username, email, password_hash) values (${id}, ${id}, ${`${id}@example.com`}, 'x')`.execute(db);
    }
    // The operator's import, before any task.
    await importShared('twitter', [
      { id: 'op-1', username: 'opauthor', followers: 50, text: '$BTC steady #bitcoin', createdAt: minutesAgo(90) },
      { id: 'op-2', username: 'opauthor', followers: 50, text: '$ETH calm', createdAt: minutesAgo(80) },
    ]);
    // User one's upload: new posts, one by the operator's author, and one reusing op-1's id.
    await scrapeTask('task-1', 'usr_one', { kind: 'upload', uploadId: 'u1', platform: 'twitter' });
    await importShared('twitter', [
      { id: 'u1-a', username: 'only_one', followers: 7, text: '$DOT to the moon #polkadot', createdAt: minutesAgo(10) },
      { id: 'u1-b', username: 'only_one', followers: 7, text: '$DOT again, $BTC too', createdAt: minutesAgo(9) },
      { id: 'u1-c', username: 'opauthor', text: 'an upload naming the operator author $SOL', createdAt: minutesAgo(8) },
      { id: 'op-1', username: 'opauthor', text: 'overwritten by the upload', createdAt: minutesAgo(90) },
    ]);
    await finish('task-1');
    // User two: an X search that never finished (its window runs to its heartbeat), and an
    // Instagram upload whose window holds an operator import of Twitter posts (another platform).
    await scrapeTask('task-2', 'usr_two', { kind: 'x-recent-search', query: '$ADA', maxPosts: 10 });
    await importShared('twitter', [{ id: 'u2-x', username: 'ada_fan', text: '$ADA rising', createdAt: minutesAgo(5) }]);
    await sql`update tasks set heartbeat_at = clock_timestamp() where id = 'task-2'`.execute(db);
    await scrapeTask('task-3', 'usr_two', { kind: 'upload', uploadId: 'u2', platform: 'instagram' });
    await importShared('instagram', [{ id: 'u2-i', username: 'ig_fan', text: '$ADA on instagram', createdAt: minutesAgo(4) }]);
    await importShared('twitter', [{ id: 'op-late', username: 'opauthor', text: '$BTC late operator post', createdAt: minutesAgo(3) }]);
    await finish('task-3');

    await sql`drop table search_postings, search_term_days, author_daily_stats, author_topic_stats`.execute(db);
    for (const table of ['topic_hourly_stats', 'topic_daily_stats'])
      await sql`alter table ${sql.table(table)} drop column engagement`.execute(db);
    await migrateToLatest(db);
    // The search postings and author rollups migrations filled them from the posts left in the shared store.
    expect(await findRollupDrift(db)).toEqual([]);
    expect(Number((await sql<{ n: number }>`select count(*) as n from search_postings`.execute(db)).rows[0]!.n)).toBeGreaterThan(0);

    const shared = await db
      .selectFrom('posts')
      .innerJoin('authors', 'authors.id', 'posts.author_id')
      .select(['posts.platform', 'posts.external_id', 'posts.text', 'authors.username'])
      .orderBy('posts.external_id')
      .execute();
    // op-1 keeps the upload's text: the old one is gone, which no migration can bring back.
    expect(shared).toEqual([
      { platform: 'twitter', external_id: 'op-1', text: 'overwritten by the upload', username: 'opauthor' },
      { platform: 'twitter', external_id: 'op-2', text: '$ETH calm', username: 'opauthor' },
      { platform: 'twitter', external_id: 'op-late', text: '$BTC late operator post', username: 'opauthor' },
    ]);
    const moved = await db
      .selectFrom('private_posts')
      .select([
        'user_id',
        'platform',
        'external_id',
        'author_username',
        'author_followers',
        'text',
        'symbols',
        'hashtags',
        'sentiment_model',
      ])
      .orderBy('user_id')
      .orderBy('external_id')
      .execute();
    expect(moved).toEqual([
      expect.objectContaining({
        user_id: 'usr_one',
        external_id: 'u1-a',
        author_username: 'only_one',
        author_followers: 7,
        symbols: ['DOT'],
        hashtags: ['polkadot'],
      }),
      expect.objectContaining({ user_id: 'usr_one', external_id: 'u1-b', author_username: 'only_one', symbols: ['BTC', 'DOT'] }),
      expect.objectContaining({ user_id: 'usr_one', external_id: 'u1-c', author_username: 'opauthor', author_followers: 50 }),
      expect.objectContaining({ user_id: 'usr_two', platform: 'instagram', external_id: 'u2-i', author_username: 'ig_fan' }),
      expect.objectContaining({ user_id: 'usr_two', platform: 'twitter', external_id: 'u2-x', author_username: 'ada_fan' }),
    ]);
    // Authors left without posts go; the operator's author, still named by shared posts, stays.
    const authors = await db.selectFrom('authors').select(['username']).orderBy('username').execute();
    expect(authors.map((a) => a.username)).toEqual(['opauthor']);

    // The rollups count the shared posts alone: what a rebuild from them gives.
    const migrated = await rollups();
    expect(migrated.platformHours.reduce((sum, row) => sum + Number(row.posts), 0)).toBe(3);
    expect(migrated.topicHours.map((row) => row.topic).sort()).toEqual(['$BTC', '$ETH']);
    await rebuildRollups(db);
    expect(await rollups()).toEqual(migrated);
  });
});
