import { type SocialPlatform } from '@coinsight/contracts';
import { seedAssets, seedDemoPosts } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFactsOf } from '../services/social/list/facts.js';
import { matching } from '../services/social/list/statements.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';
import { trpcCaller } from '../test/trpc.js';

// The platform tables' coin filter: posts naming the coin, on REST and tRPC, read through the GIN
// index on symbols; a malformed or untracked symbol is a 400 naming `coin`.

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await seedAssets(t.app.db);
  await seedDemoPosts(t.setupDb, { count: 1500 });
  await sql`analyze posts`.execute(t.app.db);
  headers = bearer((await signup(t.app)).token);
});

afterAll(async () => {
  await t?.close();
});

type Post = { _id: string; symbols: string[] };
type Page = { data: Post[]; pagination: { total: number } };

describe(`the coin filter (${process.env.TEST_DB})`, () => {
  it.each(['twitter', 'instagram', 'facebook', 'linkedin'] as const)(
    '%s: REST and tRPC list only posts naming the coin',
    async (platform: SocialPlatform) => {
      const rest = await t.app.inject({ method: 'GET', url: `/api/social/${platform}?coin=$eth&limit=100&sortBy=likes`, headers });
      expect(rest.statusCode, rest.body).toBe(200);
      const page = rest.json<Page>();
      const expected = await t.app.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('platform', '=', platform)
        .where(sql<boolean>`'ETH' = any(symbols)`)
        .executeTakeFirstOrThrow();
      expect(Number(expected.n)).toBeGreaterThan(0);
      expect(page.pagination.total).toBe(Number(expected.n));
      expect(page.data.every((post) => post.symbols.includes('ETH'))).toBe(true);

      const trpc = await trpcCaller(t.app, headers).query<Page>(`social.list.${platform}`, { coin: 'ETH', limit: 100, sortBy: 'likes' });
      expect(trpc.status).toBe(200);
      expect(trpc.data.data.map((post) => post._id)).toEqual(page.data.map((post) => post._id));
    },
  );

  it('a malformed or untracked symbol is a 400 naming coin, on REST and tRPC', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/api/social/twitter?coin=BTC%3BDROP', headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'coin must be a coin symbol such as BTC: letters and digits, at most 15', param: 'coin' });
    const untracked = await t.app.inject({ method: 'GET', url: '/api/social/twitter?coin=ZZZZ', headers });
    expect(untracked.statusCode).toBe(400);
    expect(untracked.json()).toEqual({ error: 'coin ZZZZ is not a tracked coin', param: 'coin' });
    const trpc = await trpcCaller(t.app, headers).query('social.list.twitter', { coin: 'ZZZZ' });
    expect(trpc.status).toBe(400);
    expect(trpc.error?.message).toBe('coin ZZZZ is not a tracked coin');
  });

  it('is a containment test the GIN index on symbols answers (the plan with sequential scans off uses it)', async () => {
    const f = listFactsOf({ dataset: 'shared' }, 'twitter', {
      coin: 'SOL',
      page: 1,
      limit: 25,
      sortBy: 'created_at',
      sortOrder: 'desc',
      dataset: 'shared',
    } as never);
    const plan = await t.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return JSON.stringify(
        await matching(trx, { ...f, platform: 'twitter' })
          .select('posts.id')
          .explain('json'),
      );
    });
    // The platform's own partial index on symbols (migration 2026-11-26T2300_platform_search_indexes), as
    // the months of posts hold it (2026-11-30T0100_posts_partitioned); a month of a few posts may be
    // read through another index, which costs as little there.
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'posts_twitter_symbols_idx'::regclass
    `.execute(t.app.db);
    const used = [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
    expect(used.filter((name) => rows.some((r) => r.name === name)).length).toBeGreaterThan(0);
    expect(plan).not.toContain('Seq Scan');
  });
});
