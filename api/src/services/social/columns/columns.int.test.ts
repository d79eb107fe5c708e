import {
  LIST_COUNT_CAP,
  listQuerySchema,
  MEDIA_TYPES,
  RANGE_FILTERS,
  SORT_COLUMNS,
  type ListQuery,
  type SocialPlatform,
} from '@coinsight/contracts';
import { mulberry32, seedDemoPosts } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signup } from '../../../test/auth.js';
import { drawnValues, plainListPage } from '../../../test/list-reference.js';
import { importFixture } from '../../../test/social-fixtures.js';
import { byColumns } from '../list/choose.js';
import { listFactsOf } from '../list/facts.js';
import { planListPage, readListPage } from '../list/read-page.js';
import type { SocialDeps } from '../deps.js';

// Filtered list pages counted and ordered on the server's filter columns: the same rows, order
// and totals as the plain query, and every write committed before a page is asked in it.

let t: TestApp;
let deps: SocialDeps;
let newest: number;
let handles: string[];
let places: string[];

const HOUR = 3_600_000;
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const shared = { dataset: 'shared' } as const;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPosts(t.setupDb, { count: 3_000 });
  // No read cache: each page is asked of the planner.
  deps = { ...t.app.deps, reads: undefined };
  ({ newest, handles, places } = await drawnValues(t.app.db));
});

afterAll(async () => {
  await t?.close();
});

/** Asks until the copy is loaded: the first filtered read starts the load and is planned on the database. */
async function loaded() {
  const f = listFactsOf(shared, 'twitter', listQuerySchema('twitter').parse({ minLikes: 1 }) as ListQuery<'twitter'>);
  await vi.waitFor(() => expect(deps.columns!.answers(f)).toBe(true), { timeout: 60_000, interval: 50 });
}

/** A list query with at least one filter. */
function draw(r: () => number): { platform: SocialPlatform; query: Record<string, string | number> } {
  const platform = pick(r, ['twitter', 'instagram', 'facebook', 'linkedin'] as const);
  const query: Record<string, string | number> = {
    sortBy: pick(r, SORT_COLUMNS[platform]),
    sortOrder: pick(r, ['asc', 'desc']),
    page: 1 + Math.floor(r() * (r() < 0.2 ? 40 : 4)),
    limit: pick(r, [10, 25, 50]),
  };
  const kinds = ['username', 'dates', 'range', ...(platform === 'instagram' ? ['media', 'place'] : [])];
  for (const kind of kinds.filter(() => r() < 0.45).concat(pick(r, kinds))) {
    if (kind === 'username')
      query.username = pick(r, handles)
        .slice(0, 2 + Math.floor(r() * 4))
        .toLowerCase();
    if (kind === 'dates') {
      const end = newest - Math.floor(r() * 200) * HOUR - Math.floor(r() * HOUR);
      query.startDate = new Date(end - (1 + Math.floor(r() * 400)) * HOUR - Math.floor(r() * HOUR)).toISOString();
      if (r() < 0.7) query.endDate = new Date(end).toISOString();
    }
    if (kind === 'range') {
      const counter = pick(r, RANGE_FILTERS[platform]);
      query[`${pick(r, ['min', 'max'])}${counter[0]!.toUpperCase()}${counter.slice(1)}`] = pick(r, [1, 5, 20, 100, 500, 5000]);
    }
    if (kind === 'media') query.mediaType = pick(r, MEDIA_TYPES);
    if (kind === 'place') query.location = pick(r, places).slice(0, 1 + Math.floor(r() * 4));
  }
  return { platform, query };
}

/** A date long before every post: with it, any other filter makes two kinds, which the columns answer (list/choose.ts, `byColumns`). */
const ALWAYS = { startDate: '2000-01-01T00:00:00.000Z' };

/**
 * A page read as the planner reads it, against the plain query; on the columns when the planner
 * sends it there (`byColumns`) and `strategy` says it must be, and then with its exact total.
 */
async function check(platform: SocialPlatform, raw: Record<string, string | number>, strategy: 'columns' | 'other' = 'columns') {
  const query = listQuerySchema(platform).parse(raw) as ListQuery<SocialPlatform>;
  const input = { scope: shared, platform, query };
  const f = listFactsOf(shared, platform, query);
  const planned = await planListPage(deps, input);
  const label = JSON.stringify({ platform, raw, strategy: planned.strategy });
  const columns = strategy === 'columns' && byColumns(f);
  // A handle or place that matches nothing needs no count.
  if (columns) expect(['columns', 'past-the-end'], label).toContain(planned.strategy);
  else expect(planned.strategy, label).not.toBe('columns');
  const page = await readListPage(deps, input);
  const expected = await plainListPage(t.app.db, f);
  expect(
    page.data.map((post) => Number(post._id)),
    label,
  ).toEqual(expected.ids);
  if (columns || !page.pagination.totalIsEstimate) expect(page.pagination.total, label).toBe(expected.total);
  if (columns) expect(page.pagination.totalIsEstimate, label).toBeUndefined();
  return page;
}

describe(`the filter columns (${process.env.TEST_DB})`, () => {
  it('answer random filtered pages as the plain query does, totals exact', async () => {
    await loaded();
    const r = mulberry32(41);
    for (let i = 0; i < 120; i++) {
      const { platform, query } = draw(r);
      await check(platform, query);
    }
    // A coin is not in the columns: planned on the database.
    await check('twitter', { coin: 'BTC', minLikes: 1 }, 'other');
  }, 300_000);

  it('give a filtered page past the count cap its exact total over REST, unflagged', async () => {
    await loaded();
    const { token } = await signup(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/social/twitter?minViews=0&startDate=2000-01-01&limit=10&page=3',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { pagination: { total: number; totalIsEstimate?: boolean; pages: number } };
    const exact = await plainListPage(
      t.app.db,
      listFactsOf(shared, 'twitter', listQuerySchema('twitter').parse({ minViews: 0, ...ALWAYS }) as ListQuery<'twitter'>),
    );
    expect(exact.total).toBeGreaterThan(LIST_COUNT_CAP);
    expect(body.pagination).toEqual({ total: exact.total, page: 3, limit: 10, pages: Math.ceil(exact.total / 10) });
  });

  it('show a post imported, rewritten and deleted on the next page asked', async () => {
    await loaded();
    const at = new Date(newest - 5 * HOUR).toISOString();
    const post = {
      id: 'columns-1',
      username: 'columnsfresh',
      text: 'fresh $BTC',
      createdAt: at,
      likes: 777_001,
      views: 9,
      replies: 1,
      retweets: 0,
    };
    await importFixture(t.app.db, 'twitter', [post]);
    expect((await check('twitter', { username: 'columnsfresh', ...ALWAYS })).pagination.total).toBe(1);
    expect((await check('twitter', { minLikes: 777_000, ...ALWAYS })).data.map((p) => p.likes)).toEqual([777_001]);
    // Written again with other counters and another month: its old row is gone from every filter.
    await importFixture(t.app.db, 'twitter', [{ ...post, likes: 5, createdAt: new Date(newest - 40 * 24 * HOUR).toISOString() }]);
    expect((await check('twitter', { minLikes: 777_000, ...ALWAYS })).pagination.total).toBe(0);
    expect((await check('twitter', { username: 'columnsfresh', maxLikes: 5 })).pagination.total).toBe(1);
    await sql`delete from posts where external_id = 'columns-1'`.execute(t.app.db);
    expect((await check('twitter', { username: 'columnsfresh', ...ALWAYS })).pagination.total).toBe(0);
  });

  it('reload after a change the journal cannot name (a truncate, retention), reading from the database meanwhile', async () => {
    await loaded();
    await sql`insert into post_changes (post_id) values (null)`.execute(t.app.db);
    // The page that meets the reload is read from the database, with the same answer.
    const query = listQuerySchema('twitter').parse({ minLikes: 5, sortBy: 'likes', ...ALWAYS });
    const f = listFactsOf(shared, 'twitter', query);
    expect(deps.columns!.answers(f)).toBe(true);
    const page = await readListPage(deps, { scope: shared, platform: 'twitter', query });
    expect(page.pagination.total).toBe((await plainListPage(t.app.db, f)).total);
    expect(deps.columns!.answers(f)).toBe(false);
    await loaded();
    await check('twitter', { minLikes: 5, sortBy: 'likes', ...ALWAYS });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('miss no write whose transaction commits after a later one was read', async () => {
    await loaded();
    // A transaction that writes a post and commits after a page was read past it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const late = t.setupDb.transaction().execute(async (trx) => {
      await sql`
        with key as (insert into post_keys (platform, external_id) values ('twitter', 'columns-late') returning id)
        insert into posts (id, platform, external_id, author_id, text, created_at, likes, sentiment, sentiment_model)
        select key.id, 'twitter', 'columns-late', (select id from authors where platform = 'twitter' limit 1), 'late',
               ${new Date(newest - HOUR)}, 888001, 0.5, 'test'
        from key
      `.execute(trx);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another write commits meanwhile, and is read.
    await importFixture(t.app.db, 'twitter', [
      { id: 'columns-2', username: 'columnsother', text: 'x', createdAt: new Date(newest - HOUR).toISOString(), likes: 888_002 },
    ]);
    expect((await check('twitter', { minLikes: 888_000, ...ALWAYS })).pagination.total).toBe(1);
    release();
    await late;
    expect((await check('twitter', { minLikes: 888_000, ...ALWAYS })).pagination.total).toBe(2);
  });
});
