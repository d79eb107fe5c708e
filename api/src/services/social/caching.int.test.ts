import {
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  listQuerySchema,
  searchQuerySchema,
  type ListQuery,
  type SocialPlatform,
} from '@coinsight/contracts';
import { seedDemoPosts } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { createFactCache, createReadCache } from '../read-cache.js';
import { listFactsOf } from './list/facts.js';
import { loadCounterSample } from './list/read-page.js';
import { resolveContains } from './list/resolve.js';
import { RELEVANCE_CANDIDATES } from './search/choose.js';
import { termFrequencyOf } from './term-frequency.js';
import {
  listPosts,
  platformSummaries,
  postsFeed,
  quickStats,
  searchPosts,
  socialTimeline,
  trendingTopics,
  type SocialDeps,
} from './index.js';

// The speed-ups of docs/performance.md must not change an answer: the read cache answers what the database
// answers, and a total past LIST_COUNT_CAP is flagged as an estimate.
let t: TestApp;
let token: string;

beforeAll(async () => {
  // The database's strategies and their estimates: the filter columns, which count exactly, are
  // off (columns/columns.int.test.ts holds them).
  t = await createTestApp({ socialColumns: false });
  // About 1,350 Twitter posts: more than the count cap.
  await seedDemoPosts(t.setupDb, { count: 3_000 });
  ({ token } = await signup(t.app));
});

afterAll(async () => {
  await t?.close();
});

const list = (platform: SocialPlatform, query: Record<string, string | number> = {}) =>
  ({ platform, query: listQuerySchema(platform).parse(query) }) as Parameters<typeof listPosts>[1];
const nobody = { userId: 'nobody' };

/** Social deps whose database counts its statements: once per statement run (a subquery's builder is transformed too, so transformQuery is not). */
function countingDeps() {
  const counter = { statements: 0 };
  const db = t.app.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements += 1;
      return args.result;
    },
  });
  // Cached reads kept for the whole test: the statements counted must not depend on whether a
  // loaded machine took more than the app's 2 s between a read and its repeat (the platform's total).
  return { counter, deps: { db, readDb: db, facts: createFactCache(), now, reads: createReadCache({ ttlMs: 10 * 60_000 }) } };
}

/**
 * Deps counting statements, with the platform's sample already read: a filtered page reads a missing
 * sample in the background (list/read-page.ts), and those statements are not the page's.
 */
async function countingDepsWithSample(platform: SocialPlatform) {
  const counting = countingDeps();
  await loadCounterSample(counting.deps, { platform });
  counting.counter.statements = 0;
  return counting;
}
const now = () => new Date();

describe(`read cache and estimated totals (${process.env.TEST_DB})`, () => {
  it('answers exactly what the database answers, from the first call and from the cache', async () => {
    const readDb = t.app.db;
    const reads = createReadCache();
    const calls: [string, (deps: SocialDeps) => Promise<unknown>][] = [
      ['list page 1', (deps) => listPosts(deps, list('twitter'), nobody)],
      ['list page 3 by likes', (deps) => listPosts(deps, list('instagram', { page: 3, sortBy: 'likes' }), nobody)],
      ['list filtered', (deps) => listPosts(deps, list('facebook', { minLikes: 10 }), nobody)],
      ['search', (deps) => searchPosts(deps, searchQuerySchema.parse({ q: 'bitcoin' }), nobody)],
      ['summaries', (deps) => platformSummaries(deps, { period: '7d' })],
      ['trending', (deps) => trendingTopics(deps, { period: '30d', platform: undefined, limit: 10 })],
      ['trending twitter', (deps) => trendingTopics(deps, { period: '90d', platform: 'twitter', limit: 5 })],
      ['timeline', (deps) => socialTimeline(deps, { period: '24h' })],
      ['quick stats', (deps) => quickStats(deps, {})],
    ];
    // `asOf` says when an answer was computed: a cached one keeps its own.
    const timeless = (answer: unknown) => (answer && typeof answer === 'object' && 'asOf' in answer ? { ...answer, asOf: 'now' } : answer);
    for (const [name, call] of calls) {
      const direct = timeless(await call({ db: readDb, readDb, facts: createFactCache(), now }));
      const first = timeless(await call({ db: readDb, readDb, facts: createFactCache(), now, reads }));
      const cached = timeless(await call({ db: readDb, readDb, facts: createFactCache(), now, reads }));
      expect({ name, answer: first }).toEqual({ name, answer: direct });
      expect({ name, answer: cached }).toEqual({ name, answer: direct });
    }
  });

  it('a burst of identical reads computes once', async () => {
    const reads = createReadCache();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { n: computed };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => reads.get('burst', compute)));
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.n))).toEqual(new Set([1]));
  });

  it('a filtered list past the count cap flags its total as an estimate; below the cap the total is exact', async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: unknown[]; pagination: Record<string, unknown> & { total: number; pages: number } };
    };
    const all = await get('/api/social/twitter');
    expect(all.pagination.total).toBeGreaterThan(LIST_COUNT_CAP);
    expect(all.pagination.totalIsEstimate).toBeUndefined();

    // Every Twitter post has 0 views or more: the filter keeps them all.
    const broad = await get('/api/social/twitter?minViews=0');
    expect(broad.data).toHaveLength(25);
    expect(broad.pagination).toMatchObject({ page: 1, limit: 25, totalIsEstimate: true });
    expect(broad.pagination.total).toBeGreaterThan(LIST_COUNT_CAP);
    expect(broad.pagination.pages).toBe(Math.ceil(broad.pagination.total / 25));

    // The last page knows the exact total from its position.
    const lastPage = Math.ceil(all.pagination.total / 100);
    const last = await get(`/api/social/twitter?minViews=0&limit=100&page=${lastPage}`);
    expect(last.pagination.total).toBe(all.pagination.total);
    expect(last.pagination.totalIsEstimate).toBeUndefined();

    const narrow = await get('/api/social/twitter?minLikes=0&maxLikes=0');
    const exact = await t.app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('platform', '=', 'twitter')
      .where('likes', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(exact.n)).toBeLessThanOrEqual(LIST_COUNT_CAP);
    expect(narrow.pagination.total).toBe(Number(exact.n));
    expect(narrow.pagination.totalIsEstimate).toBeUndefined();
  });

  it("an estimated total weighs the platform's own counter, not the table's", async () => {
    // Facebook and Instagram posts have no views: on the whole table a views floor keeps far
    // fewer posts than on Twitter's. A floor that keeps about 95% of Twitter's posts:
    const { rows } = await sql<{ v: number }>`
      select percentile_disc(0.05) within group (order by views) as v from posts where platform = 'twitter'
    `.execute(t.app.db);
    const floor = Number(rows[0]!.v);
    const exact = Number(
      (
        await t.app.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('platform', '=', 'twitter')
          .where('views', '>=', floor)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(floor).toBeGreaterThan(0);
    expect(exact).toBeGreaterThan(LIST_COUNT_CAP * 1.2);
    const page = await listPosts(
      { db: t.app.db, readDb: t.app.db, facts: createFactCache(), now },
      list('twitter', { minViews: floor, sortBy: 'likes' }),
      nobody,
    );
    expect(page.pagination.totalIsEstimate).toBe(true);
    expect(Math.abs(page.pagination.total - exact) / exact, `estimated ${page.pagination.total}, exactly ${exact}`).toBeLessThan(0.1);
  });

  it('the "contains" filters have trigram indexes (pg_trgm ships with PostgreSQL contrib and PGlite)', async () => {
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname like '%_trgm_idx'`.execute(t.app.db);
    expect(indexes.rows.map((row) => row.indexname).sort()).toEqual([
      'authors_facebook_username_trgm_idx',
      'authors_instagram_username_trgm_idx',
      'authors_linkedin_username_trgm_idx',
      'authors_twitter_username_trgm_idx',
      'instagram_places_trgm_idx',
    ]);
  });

  it('deep pages pick the same rows as walking the pages in order', async () => {
    const q = { sortBy: 'likes', limit: 50 } as const;
    const seen: unknown[] = [];
    const deps = { db: t.app.db, readDb: t.app.db, facts: createFactCache(), now };
    for (let page = 1; page <= 4; page += 1) seen.push(...(await listPosts(deps, list('linkedin', { ...q, page }), nobody)).data);
    const big = await listPosts(deps, list('linkedin', { ...q, limit: 100, page: 2 }), nobody);
    expect(big.data).toEqual(seen.slice(100, 200));
  });

  it('a filtered page is the same whether the sort index is walked or the matches are sorted', async () => {
    const deps = { db: t.app.db, readDb: t.app.db, facts: createFactCache(), now };
    // Every Twitter post with its counters, sorted here: what any page must hold.
    const all = await t.app.db
      .selectFrom('posts')
      .select(['id', 'likes', 'retweets', 'views', 'created_at'])
      .where('platform', '=', 'twitter')
      .execute();
    const cases: { query: Record<string, string | number>; keep: (row: (typeof all)[number]) => boolean }[] = [
      // Below the cap: always sorted. Past it: walked toward the range, sorted away from it, walked on an evenly spread filter.
      { query: { minLikes: 50, sortBy: 'retweets', sortOrder: 'asc' }, keep: (row) => row.likes >= 50 },
      { query: { minLikes: 50, sortBy: 'retweets', sortOrder: 'desc' }, keep: (row) => row.likes >= 50 },
      { query: { minLikes: 1, sortBy: 'retweets', sortOrder: 'asc' }, keep: (row) => row.likes >= 1 },
      { query: { maxViews: 500, sortBy: 'likes', sortOrder: 'desc' }, keep: (row) => row.views <= 500 },
      { query: { minViews: 1, sortBy: 'created_at', sortOrder: 'asc' }, keep: (row) => row.views >= 1 },
    ];
    for (const { query, keep } of cases) {
      const key = query.sortBy as 'retweets' | 'likes' | 'created_at';
      const sign = query.sortOrder === 'asc' ? 1 : -1;
      const expected = all
        .filter(keep)
        .sort((a, b) => sign * (Number(a[key]) - Number(b[key]) || a.id - b.id))
        .map((row) => row.id);
      for (const page of [1, 3]) {
        const got = await listPosts(deps, list('twitter', { ...query, page, limit: 20 }), nobody);
        expect(
          got.data.map((post) => Number(post._id)),
          JSON.stringify({ query, page }),
        ).toEqual(expected.slice((page - 1) * 20, page * 20));
      }
    }
  });

  it('a word search pages through the relevance candidates and past them in one fixed order (candidates read narrow)', async () => {
    const deps = { db: t.app.db, readDb: t.app.db, facts: createFactCache(), now };
    // Each platform's RELEVANCE_CANDIDATES newest matches by rank, then the older matches newest first.
    const rows = await sql<{ id: string; platform: string; created_at: Date; rank: number }>`
      select id, platform, created_at, ts_rank(search, websearch_to_tsquery('english', 'bitcoin or market')) as rank from posts
      where search @@ websearch_to_tsquery('english', 'bitcoin or market') order by created_at desc, id desc
    `.execute(t.app.db);
    const byPlatform = new Map<string, typeof rows.rows>();
    for (const row of rows.rows) byPlatform.set(row.platform, [...(byPlatform.get(row.platform) ?? []), row]);
    const newestFirst = (a: (typeof rows.rows)[number], b: (typeof rows.rows)[number]) =>
      b.created_at.getTime() - a.created_at.getTime() || Number(b.id) - Number(a.id);
    const head = [...byPlatform.values()]
      .flatMap((r) => r.slice(0, RELEVANCE_CANDIDATES))
      .sort((a, b) => b.rank - a.rank || newestFirst(a, b));
    const tail = [...byPlatform.values()].flatMap((r) => r.slice(RELEVANCE_CANDIDATES)).sort(newestFirst);
    expect(tail.length).toBeGreaterThan(0);
    const expected = [...head, ...tail].map((row) => Number(row.id));
    for (const offset of [0, head.length - 10, head.length + 40]) {
      const got = await searchPosts(deps, searchQuerySchema.parse({ q: 'bitcoin or market', offset, limit: 20 }), nobody);
      expect(
        got.data.map((post) => Number(post._id)),
        `offset ${offset}`,
      ).toEqual(expected.slice(offset, offset + 20));
    }
  });

  it('a common word is counted and ranked from the search postings, and answers what a plain query answers', async () => {
    const deps = { db: t.app.db, readDb: t.app.db, facts: createFactCache(), now };
    const { rows: newest } = await sql<{ t: Date }>`select max(created_at) as t from posts`.execute(t.app.db);
    const end = newest[0]!.t;
    // A day's window holds few of the word's matches (the walk reads all of it), a quarter's more.
    for (const days of [1, 7, 90]) {
      const start = new Date(end.getTime() - days * 86_400_000);
      const { rows } = await sql<{ id: string; platform: SocialPlatform; created_at: Date; rank: number }>`
        select id, platform, created_at, ts_rank(search, to_tsquery('english', 'bitcoin')) as rank from posts
        where search @@ to_tsquery('english', 'bitcoin') and created_at >= ${start} and created_at <= ${end}
        order by created_at desc, id desc
      `.execute(t.app.db);
      const byPlatform = new Map<string, typeof rows>();
      for (const row of rows) byPlatform.set(row.platform, [...(byPlatform.get(row.platform) ?? []), row]);
      const newestFirst = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
        b.created_at.getTime() - a.created_at.getTime() || Number(b.id) - Number(a.id);
      const head = [...byPlatform.values()]
        .flatMap((r) => r.slice(0, RELEVANCE_CANDIDATES))
        .sort((a, b) => b.rank - a.rank || newestFirst(a, b));
      const tail = [...byPlatform.values()].flatMap((r) => r.slice(RELEVANCE_CANDIDATES)).sort(newestFirst);
      const expected = [...head, ...tail].map((row) => Number(row.id));
      const got = await searchPosts(
        deps,
        searchQuerySchema.parse({ q: 'bitcoin', startDate: start.toISOString(), endDate: end.toISOString(), limit: 100 }),
        nobody,
      );
      expect(
        got.data.map((post) => Number(post._id)),
        `${days} days`,
      ).toEqual(expected.slice(0, 100));
      expect(Object.fromEntries(got.platforms.map((p) => [p.platform, p.matches])), `${days} days`).toEqual(
        Object.fromEntries(got.platforms.map((p) => [p.platform, Math.min(byPlatform.get(p.platform)?.length ?? 0, SEARCH_COUNT_CAP)])),
      );
      expect(got.total, `${days} days`).toBe(rows.length);
    }
  });

  it("a term's share of posts comes from PostgreSQL's statistics; one too rare for them has none", async () => {
    const frequency = await termFrequencyOf({ readDb: t.app.db, facts: createFactCache() });
    expect(frequency('bitcoin')).toBeGreaterThan(0.01);
    expect(frequency('bitcoin')).toBeLessThan(1);
    expect(frequency('nosuchwordanywhere')).toBeUndefined();
  });

  it('a date range on whole hours is totalled exactly from the hourly rollups, page and total in one statement', async () => {
    const { counter, deps } = await countingDepsWithSample('twitter');
    // The platform's total comes from the read cache, as in the app: asked once here, before counting.
    await listPosts(deps, list('twitter'), nobody);
    const all = await t.app.db.selectFrom('posts').select(['id', 'likes', 'created_at']).where('platform', '=', 'twitter').execute();
    const newest = Math.max(...all.map((row) => row.created_at.getTime()));
    const day = (back: number) => new Date(newest - back * 86_400_000).toISOString().slice(0, 10);
    // The demo data is drawn at random around now: the one-day case takes the busiest of a week's days.
    const postsOn = (date: string) => all.filter((row) => row.created_at.toISOString().startsWith(date)).length;
    const busiest = [2, 3, 4, 5, 6, 7, 8].map(day).reduce((a, b) => (postsOn(b) > postsOn(a) ? b : a));
    const cases: { dates: Record<string, string>; wholeHours: boolean }[] = [
      { dates: { startDate: busiest, endDate: busiest }, wholeHours: true },
      { dates: { startDate: day(40), endDate: day(2) }, wholeHours: true },
      { dates: { startDate: day(10) }, wholeHours: true },
      { dates: { endDate: day(30) }, wholeHours: true },
      { dates: { startDate: `${day(6)}T06:00:00Z`, endDate: `${day(5)}T17:59:59.999Z` }, wholeHours: true },
      // Not on an hour: counted, like the other filters.
      { dates: { startDate: `${day(6)}T06:30:00Z`, endDate: day(4) }, wholeHours: false },
    ];
    for (const { dates, wholeHours } of cases) {
      const from = dates.startDate
        ? Date.parse(dates.startDate.length === 10 ? `${dates.startDate}T00:00:00Z` : dates.startDate)
        : -Infinity;
      const to = dates.endDate
        ? dates.endDate.length === 10
          ? Date.parse(`${dates.endDate}T00:00:00Z`) + 86_400_000 - 1
          : Date.parse(dates.endDate)
        : Infinity;
      const matches = all.filter((row) => row.created_at.getTime() >= from && row.created_at.getTime() <= to);
      expect(matches.length, JSON.stringify(dates)).toBeGreaterThan(10);
      expect(matches.length, JSON.stringify(dates)).toBeLessThanOrEqual(LIST_COUNT_CAP);
      const byLikes = [...matches].sort((a, b) => b.likes - a.likes || b.id - a.id).map((row) => row.id);
      const byTime = [...matches].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id).map((row) => row.id);
      // Oldest first: the time index walked within the range.
      const first = await listPosts(deps, list('twitter', { ...dates, sortBy: 'created_at', sortOrder: 'asc', page: 2, limit: 5 }), nobody);
      expect(first.data.map((post) => Number(post._id))).toEqual(byTime.slice(5, 10));
      expect(first.pagination.total).toBe(matches.length);
      // By likes: a long range's near pages walk the likes index; short ranges and far pages sort the window.
      for (const page of [1, 2, 500]) {
        counter.statements = 0;
        const got = await listPosts(deps, list('twitter', { ...dates, sortBy: 'likes', page, limit: 5 }), nobody);
        const what = JSON.stringify({ dates, page });
        expect(
          got.data.map((post) => Number(post._id)),
          what,
        ).toEqual(byLikes.slice((page - 1) * 5, page * 5));
        expect(got.pagination, what).toEqual({ total: matches.length, page, limit: 5, pages: Math.ceil(matches.length / 5) });
        // An empty page carries no total: the rollups are read on their own. Off the hours, the
        // matches are counted and, within the cap, sorted into the page by the same statement
        // (past the last page, its count is the whole answer).
        if (wholeHours) expect(counter.statements, what).toBe(page === 500 ? 2 : 1);
        else expect(counter.statements, what).toBe(1);
      }
    }
  });

  it("reads a handle's authors and a location's places once while the pages are cached, the same answers after", async () => {
    const { counter, deps } = countingDeps();
    const facts = (platform: SocialPlatform, query: Record<string, string | number>) =>
      listFactsOf({ dataset: 'shared' }, platform, listQuerySchema(platform).parse(query) as ListQuery<SocialPlatform>);
    const first = await resolveContains(deps.db, facts('twitter', { username: 'a' }), deps.reads);
    const places = await resolveContains(deps.db, facts('instagram', { location: 'o' }), deps.reads);
    expect(counter.statements).toBe(2);
    expect(first.authorIds?.length).toBeGreaterThan(0);
    expect(places.places?.length).toBeGreaterThan(0);
    counter.statements = 0;
    // Another page and sort of the same filters: nothing read again, the same authors and places.
    const again = await resolveContains(deps.db, facts('twitter', { username: 'a', sortBy: 'likes', page: 2 }), deps.reads);
    const placesAgain = await resolveContains(deps.db, facts('instagram', { location: 'o', page: 3 }), deps.reads);
    expect(counter.statements).toBe(0);
    expect(again.authorIds).toEqual(first.authorIds);
    expect(placesAgain.places).toEqual(places.places);
    // And the page read with them is the page read without the cache.
    const query = list('twitter', { username: 'a', sortBy: 'likes', page: 2 });
    expect(await listPosts(deps, query, nobody)).toEqual(await listPosts({ ...deps, reads: undefined }, query, nobody));
  });

  it("keeps a shared filter set's count past the cap and its estimate: its other pages and sorts send the page's statement alone", async () => {
    const { counter, deps } = await countingDepsWithSample('twitter');
    await listPosts(deps, list('twitter'), nobody);
    const twitter = Number(
      (
        await t.app.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('platform', '=', 'twitter')
          .executeTakeFirst()
      )?.n,
    );
    expect(twitter).toBeGreaterThan(LIST_COUNT_CAP + 2 * 25);
    counter.statements = 0;
    const first = await listPosts(deps, list('twitter', { minLikes: 0 }), nobody);
    // The capped count alone: walked in the page's order it read the page too (`walk-to-cap`), and
    // the estimate past the cap is the sample's.
    expect(counter.statements).toBe(1);
    expect(first.pagination.totalIsEstimate).toBe(true);
    counter.statements = 0;
    const second = await listPosts(deps, list('twitter', { minLikes: 0, sortBy: 'likes', page: 2 }), nobody);
    expect(counter.statements).toBe(1);
    expect(second.pagination.total).toBe(first.pagination.total);
    const byLikes = await t.app.db
      .selectFrom('posts')
      .select('id')
      .where('platform', '=', 'twitter')
      .orderBy('likes', 'desc')
      .orderBy('id', 'desc')
      .offset(25)
      .limit(25)
      .execute();
    expect(second.data.map((post) => Number(post._id))).toEqual(byLikes.map((row) => Number(row.id)));
    // Another filter set is counted for itself: its count reads its page.
    counter.statements = 0;
    await listPosts(deps, list('twitter', { minLikes: 1 }), nobody);
    expect(counter.statements).toBe(1);
  });

  it('/v1/data pages through every match once, newest first, a common word alone or with a hashtag', async () => {
    const deps = { db: t.app.db, readDb: t.app.db, facts: createFactCache(), now };
    const rare = 'defi';
    for (const q of ['bitcoin', `bitcoin #${rare}`]) {
      const expected = await sql<{ id: string }>`
        select id from posts where search @@ 'bitcoin'::tsquery and hashtags @> ${q.includes('#') ? [rare] : []}::text[]
        order by created_at desc, id desc
      `.execute(t.app.db);
      // Every match once, newest first, through the cursor: pages of 3.
      const seen: number[] = [];
      let after: Parameters<typeof postsFeed>[1]['after'];
      for (let page = 0; page < 1000; page += 1) {
        const got = await postsFeed(deps, { q, limit: 3, after }, nobody);
        seen.push(...got.data.map((post) => Number(post._id)));
        if (!got.next) break;
        after = got.next;
      }
      expect(seen, q).toEqual(expected.rows.map((row) => Number(row.id)));
    }
  });
});
