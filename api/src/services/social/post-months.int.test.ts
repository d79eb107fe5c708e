import { ensurePostMonths, importPosts, postMonths, readJsonLines, seedAssets } from '@coinsight/db';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { maintainPostMonths } from './post-months.js';
import { orderClosedPostings } from './postings-order.js';

// The daily jobs' work (jobs/posts.ts): this month and the next made ahead; with POSTS_RETENTION_DAYS,
// the months wholly past the horizon dropped (docs/operations.md, "Retention of posts"); the day
// before yesterday's search postings put in key order (postings/order.int.test.ts holds the rest).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const names = async () => (await postMonths(t.app.db)).map((m) => m.name);

describe(`the months of posts (${process.env.TEST_DB})`, () => {
  it('makes this month and the next, keeps everything without a retention, and drops the months wholly past it', async () => {
    const deps = { db: t.app.db, now: () => new Date('2026-11-22T12:00:00Z') };
    await ensurePostMonths(t.app.db, [new Date('2026-08-10T00:00:00Z'), new Date('2026-09-30T23:00:00Z')]);
    expect(await maintainPostMonths(deps, { retentionDays: undefined })).toEqual({ dropped: [] });
    expect(await names()).toEqual(expect.arrayContaining(['posts_2026_08', 'posts_2026_09', 'posts_2026_11', 'posts_2026_12']));
    // 60 days before 22 November is 23 September: August is wholly past, September is not.
    expect(await maintainPostMonths(deps, { retentionDays: 60 })).toEqual({ dropped: ['posts_2026_08'] });
    expect(await names()).not.toContain('posts_2026_08');
    expect(await names()).toContain('posts_2026_09');
  });

  it('prunes the journal of writes to posts of what is older than the servers read', async () => {
    await sql`insert into post_changes (post_id, at) values (1, now() - interval '1 hour'), (2, now())`.execute(t.app.db);
    await maintainPostMonths({ db: t.app.db, now: () => new Date() }, { retentionDays: undefined });
    const left = await t.app.db.selectFrom('post_changes').select('post_id').where('post_id', 'in', [1, 2]).execute();
    expect(left.map((row) => row.post_id)).toEqual([2]);
  });

  it("a list's total, summed from the rollups, counts what retention left", async () => {
    await seedAssets(t.app.db);
    const tweets = ['2026-09-10T10:00:00Z', '2026-10-10T10:00:00Z', '2026-11-10T10:00:00Z'].map((createdAt, i) =>
      JSON.stringify({ id: `r${i}`, username: 'keeper', text: `post ${i}`, createdAt }),
    );
    const lines = readJsonLines(Readable.from([Buffer.from(tweets.join('\n'))]));
    expect(await importPosts(t.app.db, lines, { platform: 'twitter', now: Date.parse('2026-11-22T12:00:00Z') })).toMatchObject({
      inserted: 3,
    });
    // 40 days before 22 November is 13 October: September goes, October stays.
    const deps = { db: t.app.db, now: () => new Date('2026-11-22T12:00:00Z') };
    expect(await maintainPostMonths(deps, { retentionDays: 40 })).toEqual({ dropped: ['posts_2026_09'] });
    const { token } = await signup(t.app);
    const after = (await t.app.inject({ method: 'GET', url: '/api/social/twitter', headers: bearer(token) })).json();
    expect(after.data).toHaveLength(2);
    expect(after.pagination.total).toBe(2);
  });

  it("puts the day before yesterday's search postings in key order", async () => {
    const tweets = ['2026-11-20T09:00:00Z', '2026-11-20T15:30:00Z', '2026-11-21T10:00:00Z'].map((createdAt, i) =>
      JSON.stringify({ id: `o${i}`, username: 'orderly', text: `bitcoin rally ${i} $BTC`, createdAt }),
    );
    const lines = readJsonLines(Readable.from([Buffer.from(tweets.join('\n'))]));
    await importPosts(t.app.db, lines, { platform: 'twitter', now: Date.parse('2026-11-22T12:00:00Z') });
    const deps = { db: t.app.db, now: () => new Date('2026-11-22T12:00:00Z') };
    const { n } = await t.app.db
      .selectFrom('search_postings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('hour', '>=', new Date('2026-11-20T00:00:00Z'))
      .where('hour', '<', new Date('2026-11-21T00:00:00Z'))
      .executeTakeFirstOrThrow();
    // Two posts on the 20th, in two hours: each term's row of each hour, the 21st's untouched.
    expect(Number(n)).toBeGreaterThanOrEqual(8);
    expect(await orderClosedPostings(deps, {})).toEqual({ day: '2026-11-20', rows: Number(n) });
  });
});
