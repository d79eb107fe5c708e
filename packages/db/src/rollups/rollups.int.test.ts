import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reanalyzePosts } from '../analysis/reanalyze.js';
import { SENTIMENT_MODEL, sentimentScore } from '../analysis/sentiment.js';
import type { DbHandle } from '../create-db.js';
import { seedDemoPosts } from '../seed/posts/seed-posts.js';
import { openSocialTestDb } from '../test/social-db.js';
import { rebuildRollups } from './rebuild.js';
import { findRollupDrift } from './verify.js';

let handle: DbHandle;
let close: () => Promise<void>;
const now = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  ({ handle, close } = await openSocialTestDb());
});

afterAll(async () => {
  await close?.();
});

const count = async (table: 'posts' | 'authors') =>
  (
    await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe(`demo posts and rollups (${process.env.TEST_DB})`, () => {
  it('seeds generated posts in batches, with authors, analysis and rollups that match a direct aggregate', async () => {
    const progress: number[] = [];
    const report = await seedDemoPosts(handle.db, { count: 600, now, batchSize: 250, onProgress: (written) => progress.push(written) });
    expect(report.inserted).toBe(600);
    expect(progress).toEqual([250, 500, 600]);
    expect(await count('posts')).toBe(600);
    expect(await count('authors')).toBeGreaterThan(50);
    // Every post names a coin; only names that are also common words ("Stellar") go unmatched.
    const analysed = await sql<{ n: number }>`select count(*) as n from posts where cardinality(symbols) > 0`.execute(handle.db);
    expect(analysed.rows[0]?.n).toBeGreaterThan(570);
    expect(await findRollupDrift(handle.db)).toEqual([]);

    const totals = await sql<{ posts: number; likes: number }>`
      select (select sum(posts)::int from platform_hourly_stats) as posts,
             (select sum(likes)::int8 from platform_hourly_stats) - (select sum(likes)::int8 from posts) as likes
    `.execute(handle.db);
    expect(totals.rows[0]).toEqual({ posts: 600, likes: 0 });
  });

  it('seeding again with the same seed adds only the posts beyond the first run', async () => {
    const report = await seedDemoPosts(handle.db, { count: 700, now, batchSize: 300 });
    expect(report.inserted).toBe(100);
    expect(await count('posts')).toBe(700);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('notices rollups that no longer match the posts, and a rebuild repairs them', async () => {
    await sql`update platform_hourly_stats set posts = posts + 1 where hour = (select max(hour) from platform_hourly_stats)`.execute(
      handle.db,
    );
    await sql`delete from topic_related_daily where topic = (select min(topic) from topic_related_daily)`.execute(handle.db);
    await sql`update author_daily_stats set likes = likes + 1 where author_id = (select min(author_id) from author_daily_stats)`.execute(
      handle.db,
    );
    await sql`delete from author_topic_stats where author_id = (select max(author_id) from author_topic_stats)`.execute(handle.db);
    // A term's day one post short: what a search would count over a window holding the day.
    await sql`update search_term_days set posts = posts - 1 where (platform, term, day) = (select platform, term, max(day) from search_term_days where term = 'bitcoin' group by 1, 2 limit 1)`.execute(
      handle.db,
    );
    const drift = await findRollupDrift(handle.db, 100);
    expect(drift.some((d) => d.includes('platform_hourly_stats'))).toBe(true);
    expect(drift.some((d) => d.includes('topic_related_daily'))).toBe(true);
    expect(drift.some((d) => d.includes('author_daily_stats'))).toBe(true);
    expect(drift.some((d) => d.includes('author_topic_stats'))).toBe(true);
    expect(drift.some((d) => d.includes('search_term_days'))).toBe(true);
    await rebuildRollups(handle.db);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('re-analysis restores derived fields that are out of date and rebuilds the rollups', async () => {
    const target = await handle.db
      .selectFrom('posts')
      .select(['id', 'symbols', 'hashtags', 'sentiment'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await handle.db.updateTable('posts').set({ symbols: [], hashtags: [], sentiment: 0 }).where('id', '=', target.id).execute();
    const report = await reanalyzePosts(handle.db, { batchSize: 200 });
    expect(report).toEqual({ scanned: 700, changed: 1 });
    const after = await handle.db
      .selectFrom('posts')
      .select(['id', 'symbols', 'hashtags', 'sentiment'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(target);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('upgrades the posts an older sentiment model scored, and only those', async () => {
    const old = await handle.db.selectFrom('posts').select(['id', 'text', 'sentiment']).orderBy('id').limit(50).execute();
    for (const post of old) {
      await handle.db
        .updateTable('posts')
        .set({ sentiment: sentimentScore(post.text, 'vader'), sentiment_model: 'vader' })
        .where('id', '=', post.id)
        .execute();
    }
    await rebuildRollups(handle.db);
    const report = await reanalyzePosts(handle.db, { batchSize: 20, outdatedOnly: true });
    expect(report.scanned).toBe(50);
    const models = await handle.db.selectFrom('posts').select('sentiment_model').groupBy('sentiment_model').execute();
    expect(models.map((m) => m.sentiment_model)).toEqual([SENTIMENT_MODEL]);
    const after = await handle.db
      .selectFrom('posts')
      .select(['id', 'sentiment'])
      .where(
        'id',
        'in',
        old.map((p) => p.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((p) => p.sentiment)).toEqual(old.map((p) => p.sentiment));
    expect(await findRollupDrift(handle.db)).toEqual([]);
    expect(await reanalyzePosts(handle.db, { outdatedOnly: true })).toEqual({ scanned: 0, changed: 0 });
  });
});
