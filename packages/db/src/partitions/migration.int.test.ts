import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../create-db.js';
import { importPosts } from '../ingest/import-posts.js';
import { readJsonLines } from '../ingest/read-jsonl.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from '../migrations/index.js';
import { likesBandSql, POST_HOUR_SQL, POST_TERMS_SQL } from '../postings/terms.js';
import type { Database } from '../schema/index.js';
import { seedAssets } from '../seed/assets.js';
import { jsonl, streamOf } from '../test/social-db.js';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { postMonths } from './retention.js';

// 2026-11-30T0100_posts_partitioned: a database with posts at the migration before, migrated,
// holds the same rows under the same ids, the same search postings, and goes on handing out ids.

const BEFORE = '2026-11-29T2300_team_two_factor';

let testDb: TestDatabase;
let handle: DbHandle;
let db: Kysely<Database>;

/** Every post's postings as the code of that migration wrote them: ids, times and ranks. */
const POSTINGS_THEN = `
  insert into search_postings (platform, term, hour, ids, times, ranks)
  select p.platform, t.term, ${POST_HOUR_SQL}, array_agg(p.id), array_agg(p.created_at), array_agg(t.rank)
  from posts p ${POST_TERMS_SQL}
  group by 1, 2, 3
`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await createDb(testDb.config);
  db = handle.db;
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE);
  if (error) throw error;
  await seedAssets(db);
  await sql`insert into authors (platform, username) values ('twitter', 'satoshi'), ('instagram', 'vitalik')`.execute(db);
  // 90 posts over three months (one per 25 hours from 20 August), with a deleted one leaving a gap in the ids.
  await sql`
    insert into posts (platform, external_id, author_id, text, created_at, likes, media_type, sentiment, sentiment_model, symbols, hashtags)
    select case when i % 3 = 0 then 'instagram' else 'twitter' end, 'x' || i, case when i % 3 = 0 then 2 else 1 end,
           'bitcoin and ethereum rally ' || i, timestamptz '2026-08-20 00:00:00+00' + i * interval '25 hours', i,
           case when i % 3 = 0 then 'image' end, 0.5, 'vader', array['BTC'], array['defi']
    from generate_series(1, 90) i
  `.execute(db);
  await sql`delete from posts where external_id = 'x90'`.execute(db);
  // The postings as they stood at that migration (their day counts and likes bands came later).
  await sql.raw(POSTINGS_THEN).execute(db);
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const rows = async () =>
  (await sql<{ id: number; platform: string; external_id: string }>`select *, search::text as search from posts order by id`.execute(db))
    .rows;
const postings = async () =>
  (await sql`select platform, term, hour, ids, times, ranks from search_postings order by platform, term, hour`.execute(db)).rows;

describe(`migration: posts partitioned by month (${process.env.TEST_DB})`, () => {
  it('keeps every row, id and posting, and the ids go on from where they were', async () => {
    const [before, postingsBefore] = [await rows(), await postings()];
    expect(before).toHaveLength(89);
    await migrateToLatest(db);

    expect(await rows()).toEqual(before);
    expect(await postings()).toEqual(postingsBefore);
    // Each posting took its post's likes band (2026-12-01T0100_postings_likes_bands): one a posting, as its post's likes say.
    const banded = await sql<{ postings: number; right: number }>`
      select count(*)::int as postings, count(*) filter (where u.band = ${sql.raw(likesBandSql('p.likes'))})::int as right
      from search_postings sp cross join lateral unnest(sp.ids, sp.bands) u(id, band) left join posts p on p.id = u.id
    `.execute(db);
    expect(banded.rows[0]!.right).toBe(banded.rows[0]!.postings);
    expect(banded.rows[0]!.postings).toBeGreaterThan(89);
    expect((await postMonths(db)).map((m) => m.name)).toEqual(['posts_2026_08', 'posts_2026_09', 'posts_2026_10', 'posts_2026_11']);
    const keys = await db.selectFrom('post_keys').select(['platform', 'external_id', 'id']).orderBy('id').execute();
    expect(keys).toEqual(before.map((r) => ({ platform: r.platform, external_id: r.external_id, id: r.id })));

    // A new post takes the next id the old identity would have given (91); a re-import of a stored one keeps its id.
    const report = await importPosts(
      db,
      readJsonLines(
        streamOf(
          jsonl(
            { id: 'x91', username: 'satoshi', text: 'new', createdAt: '2026-11-20T00:00:00Z' },
            { id: 'x1', username: 'satoshi', text: 'bitcoin and ethereum rally 1', createdAt: '2026-08-21T01:00:00Z', likes: 7 },
          ),
        ),
      ),
      { platform: 'twitter', now: Date.parse('2026-11-22T12:00:00Z') },
    );
    expect(report).toMatchObject({ inserted: 1, updated: 1, failed: 0 });
    const ids = await db
      .selectFrom('posts')
      .select(['external_id', 'id', 'likes'])
      .where('external_id', 'in', ['x1', 'x91'])
      .orderBy('id')
      .execute();
    expect(ids).toEqual([
      { external_id: 'x1', id: before[0]!.id, likes: 7 },
      { external_id: 'x91', id: 91, likes: 0 },
    ]);
  });
});
