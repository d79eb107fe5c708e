import { LIST_COUNT_CAP, listQuerySchema } from '@coinsight/contracts';
import { seedDemoPosts } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { listPosts } from './index.js';

// Instagram's media type and "location contains" past the count cap walk the sort's
// Instagram index (list-posts.ts, instagramWalk). The pages must be the ones sorting every match gives.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPosts(t.app.db, { count: 3_000 });
  // Ten copies of every Instagram post (new ids and external ids): past the cap for the filters below.
  for (let copy = 1; copy <= 10; copy += 1) {
    await sql`
      insert into posts (platform, external_id, author_id, text, created_at, likes, comments, shares, views, replies, retweets,
                         media_type, location, reactions, hashtags, symbols, sentiment, sentiment_model)
      select platform, external_id || ${`-copy-${copy}`}, author_id, text, created_at + ${copy} * interval '1 second', likes + ${copy}, comments,
             shares, views, replies, retweets, media_type, location, reactions, hashtags, symbols, sentiment, sentiment_model
      from posts where platform = 'instagram' and external_id not like '%-copy-%'
    `.execute(t.app.db);
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe(`Instagram's filters walked past the cap (${process.env.TEST_DB})`, () => {
  it('pages are the ones sorting every match gives, in every sort and direction', async () => {
    const all = await t.app.db
      .selectFrom('posts')
      .select(['id', 'created_at', 'likes', 'comments', 'media_type', 'location'])
      .where('platform', '=', 'instagram')
      .execute();
    const cases: { filters: Record<string, string>; keep: (row: (typeof all)[number]) => boolean }[] = [
      { filters: { mediaType: 'image' }, keep: (row) => row.media_type === 'image' },
      { filters: { location: 'o' }, keep: (row) => (row.location ?? '').toLowerCase().includes('o') },
      {
        filters: { location: 'O', mediaType: 'image' },
        keep: (row) => row.media_type === 'image' && (row.location ?? '').toLowerCase().includes('o'),
      },
    ];
    const deps = { readDb: t.app.db, now: () => new Date() };
    for (const { filters, keep } of cases) {
      const matches = all.filter(keep);
      expect(matches.length, JSON.stringify(filters)).toBeGreaterThan(LIST_COUNT_CAP);
      for (const [sortBy, sortOrder] of [
        ['created_at', 'desc'],
        ['likes', 'asc'],
        ['comments', 'desc'],
      ] as const) {
        const key = (row: (typeof all)[number]) => (sortBy === 'created_at' ? row.created_at.getTime() : row[sortBy]);
        const sign = sortOrder === 'asc' ? 1 : -1;
        const expected = [...matches].sort((a, b) => sign * (key(a) - key(b) || a.id - b.id)).map((row) => row.id);
        for (const page of [1, 4]) {
          const query = listQuerySchema('instagram').parse({ ...filters, sortBy, sortOrder, page, limit: 20 });
          const got = await listPosts(deps, { platform: 'instagram', query }, { userId: 'nobody' });
          expect(
            got.data.map((post) => Number(post._id)),
            JSON.stringify({ filters, sortBy, sortOrder, page }),
          ).toEqual(expected.slice((page - 1) * 20, page * 20));
          expect(got.pagination.totalIsEstimate).toBe(true);
        }
      }
    }
  });
});
