import {
  DEFAULT_SEARCH_LIMIT,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  type AnalysisReport,
  type PostPage,
  type SearchResults,
  type Task,
  type TaskUpload,
  type V1DataResponse,
} from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from './services/alerts/check.js';
import { READ_CACHE_TTL_MS } from './services/read-cache.js';
import { createTestApp, type TestApp } from './test/app.js';
import { importFixture } from './test/social-fixtures.js';
import { verifyEmail } from './test/auth.js';
import { taskUser, type TaskUser } from './test/tasks.js';
import { v1Account, v1Client } from './test/v1.js';
import { runTask } from './services/tasks/run-task.js';
import { atTime } from './services/clock.js';

// docs/security.md §24: what an account brings in is its own. A user's upload (through
// the real upload, task and worker path) of 2,000 posts about one coin, plus one post that reuses
// a shared post's platform id, changes nothing anyone else reads, and no one else's alert fires;
// the uploader reads the posts back (lists, search, /v1/data, analyses, exports) with dataset=mine.

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const DOT_POSTS = 2_000;

let t: TestApp;
let uploader: TaskUser;
let other: TaskUser;

const sharedPosts = [
  { id: 'shared-btc-1', username: 'ann', followers: 120, text: '$BTC breaking out, great day', createdAt: ago(30 * MINUTE), likes: 10 },
  { id: 'shared-dot-1', username: 'ben', followers: 40, text: '$DOT looks terrible this week', createdAt: ago(20 * MINUTE), likes: 2 },
  { id: 'shared-eth-1', username: 'cat', text: '$ETH steady #ethereum', createdAt: ago(3 * 3_600_000), likes: 5 },
];

const upload = [
  // The id of a shared post, with another author's count and another text.
  { id: 'shared-btc-1', username: 'ANN', followers: 999_999, text: 'rewritten by an upload: $BTC is terrible', createdAt: ago(MINUTE) },
  ...Array.from({ length: DOT_POSTS }, (_, i) => ({
    id: `dot-${i}`,
    username: `dot_fan_${i % 40}`,
    text: `$DOT to the moon, love it, best coin ever #polkadot ${i}`,
    createdAt: ago((i % 50) * MINUTE + 1_000),
    likes: i % 7,
  })),
];

beforeAll(async () => {
  t = await createTestApp();
  // The operator's path: the importer writes the shared dataset.
  await importFixture(t.app.db, 'twitter', sharedPosts);
  uploader = await taskUser(t.app);
  other = await taskUser(t.app);
  // Verified, so its alert may mail (docs/security.md §25): nothing the uploader does may make it fire.
  await verifyEmail(t.app, other.user.id);
});

afterAll(async () => {
  await t?.close();
});

const run = (id: string) => runTask(t.app.deps, { taskId: id, signal: new AbortController().signal });

async function runTaskOf(user: TaskUser, input: object): Promise<Task> {
  const task = await user.create(input);
  expect(task.status).toBe(200);
  expect(await run(task.data.id)).toBe('completed');
  return (await user.get(task.data.id)).data;
}

/** GET with a user's session, as the web app's REST calls go. */
const rest = async <T>(user: TaskUser, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};

/** Without when an answer was computed and the window it ends at (now): the rest must be identical. */
const NOW_FIELDS = new Set(['asOf', 'from', 'to']);
const timeless = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (NOW_FIELDS.has(key) && typeof v === 'string' ? undefined : v))) as T;

/** Everything shared that a customer or another user reads, and the shared tables under it. */
async function sharedView(customer: Awaited<ReturnType<typeof v1Account>>, viewer: TaskUser) {
  const db = t.app.db;
  return timeless({
    mentionsDotHour: (await customer.get('/v1/social/mentions?symbol=DOT&timeframe=1h')).json(),
    mentionsDotDay: (await customer.get('/v1/social/mentions?symbol=DOT&platform=twitter&timeframe=24h')).json(),
    mentionsBtc: (await customer.get('/v1/social/mentions?symbol=BTC&timeframe=1h')).json(),
    sentiment: (await customer.get('/v1/market/sentiment?symbols=DOT,BTC')).json(),
    data: (await customer.get('/v1/data?limit=100')).json(),
    dataDot: (await customer.get('/v1/data?symbol=DOT')).json(),
    trending: (await viewer.query('social.trending', { period: '24h' })).data,
    trendingTwitter: (await viewer.query('social.trending', { period: '7d', platform: 'twitter' })).data,
    summaries: (await viewer.query('social.summaries', { period: '24h' })).data,
    list: (await viewer.query('social.list.twitter', {})).data,
    listRest: await rest(viewer, '/api/social/twitter?username=ann'),
    search: (await viewer.query('social.search', { q: '$DOT' })).data,
    searchRest: await rest(viewer, '/api/social/search?q=bitcoin'),
    posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
    authors: await db.selectFrom('authors').selectAll().orderBy('id').execute(),
    platformHours: await db.selectFrom('platform_hourly_stats').selectAll().orderBy('hour').orderBy('platform').execute(),
    topicHours: await db.selectFrom('topic_hourly_stats').selectAll().orderBy('hour').orderBy('platform').orderBy('topic').execute(),
    topicDays: await db.selectFrom('topic_daily_stats').selectAll().orderBy('day').orderBy('platform').orderBy('topic').execute(),
    related: await db
      .selectFrom('topic_related_daily')
      .selectAll()
      .orderBy('topic')
      .orderBy('day')
      .orderBy('platform')
      .orderBy('symbol')
      .execute(),
  });
}

describe(`private datasets (${process.env.TEST_DB})`, () => {
  it('docs/security.md §24: an upload with a shared post id and 2,000 DOT posts changes nothing shared; the uploader reads them back with dataset=mine', async () => {
    const customer = await v1Account(t.app);
    const alert = await other.mutate<{ id: number }>('alerts.create', { kind: 'mentions', symbol: 'DOT', mentions: 100 });
    expect(alert.status).toBe(200);
    expect(await checkAlerts(atTime(t.app.deps, new Date()), {})).toEqual({ fired: 0 });

    const before = await sharedView(customer, other);
    // The shared post, as seeded: the upload must leave it so.
    expect(before).toMatchObject({ mentionsDotHour: { symbol: 'DOT' }, data: { data: expect.any(Array) } });

    const file = `${upload.map((row) => JSON.stringify(row)).join('\n')}\n`;
    const sent = (await uploader.upload(file, 'dot.jsonl')).json<TaskUpload>();
    const scrape = await runTaskOf(uploader, {
      type: 'scrape',
      title: 'my DOT posts',
      source: { kind: 'upload', uploadId: sent.uploadId, platform: 'twitter' },
    });
    // The colliding id is a new post of the uploader's own, not an update of the shared one.
    expect(scrape.resultSummary).toMatchObject({ rows: DOT_POSTS + 1, inserted: DOT_POSTS + 1, updated: 0, skipped: 0, failed: 0 });

    // Past the shared read cache's lifetime, so every answer below is read afresh.
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_TTL_MS + 200));
    expect(await sharedView(customer, other)).toEqual(before);
    // Nor with the uploader's own session: the shared screens are the same for everyone.
    expect(await sharedView(customer, uploader)).toEqual(before);

    // The other user's mention alert (DOT above 100 in the last hour) does not fire.
    expect(await checkAlerts(atTime(t.app.deps, new Date()), {})).toEqual({ fired: 0 });
    const alerts = await other.query<{ id: number; firedAt: string | null }[]>('alerts.list');
    expect(alerts.data).toEqual([expect.objectContaining({ id: alert.data.id, firedAt: null })]);
    expect((await other.query<{ unread: number }>('alerts.notifications.unreadCount')).data).toEqual({ unread: 0 });

    const shared = await t.app.db
      .selectFrom('posts')
      .innerJoin('authors', 'authors.id', 'posts.author_id')
      .select(['posts.text', 'authors.username', 'authors.followers'])
      .where('posts.external_id', '=', 'shared-btc-1')
      .executeTakeFirstOrThrow();
    expect(shared).toEqual({ text: '$BTC breaking out, great day', username: 'ann', followers: 120 });

    // The uploader's analysis and export of their own data contain the posts.
    const analysis = await runTaskOf(uploader, { type: 'analyze', title: 'DOT mine', query: { symbols: ['DOT'], dataset: 'mine' } });
    expect(analysis.resultSummary).toMatchObject({ posts: DOT_POSTS });
    const report = (await uploader.query<AnalysisReport>('tasks.report', { id: analysis.id })).data;
    expect(report.posts).toBe(DOT_POSTS);
    expect(report.sentiment.positive).toBe(DOT_POSTS);
    expect(report.topAuthors[0]).toEqual({ platform: 'twitter', username: 'dot_fan_0', posts: DOT_POSTS / 40 });
    expect(report.topHashtags).toEqual([{ tag: 'polkadot', posts: DOT_POSTS }]);
    // The shared dataset (the default) still holds its one DOT post.
    const sharedAnalysis = await runTaskOf(uploader, { type: 'analyze', title: 'DOT shared', query: { symbols: ['DOT'] } });
    expect(sharedAnalysis.resultSummary).toMatchObject({ posts: 1 });

    const exported = await runTaskOf(uploader, {
      type: 'export',
      title: 'DOT and BTC mine',
      query: { symbols: ['DOT', 'BTC'], dataset: 'mine' },
      format: 'jsonl',
    });
    expect(exported.resultSummary).toMatchObject({ rows: DOT_POSTS + 1 });
    const lines = (await uploader.download(exported.id)).body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; username: string; text: string });
    expect(lines).toHaveLength(DOT_POSTS + 1);
    expect(lines.find((row) => row.id === 'shared-btc-1')).toMatchObject({
      username: 'ANN',
      text: 'rewritten by an upload: $BTC is terrible',
    });
    expect(new Set(lines.map((row) => row.id)).size).toBe(DOT_POSTS + 1);

    // The web tables and search, dataset=mine: the uploader's posts, to the uploader alone.
    const mine = (await uploader.query<PostPage<'twitter'>>('social.list.twitter', { dataset: 'mine', username: 'ann' })).data;
    expect(mine.pagination.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ userRef: { username: 'ANN' }, text: 'rewritten by an upload: $BTC is terrible' });
    const mineRest = await rest<PostPage<'twitter'>>(uploader, '/api/social/twitter?dataset=mine&sortBy=likes&limit=100');
    // Past LIST_COUNT_CAP matches the total is an estimate, flagged, as for a filtered shared list.
    expect(mineRest.pagination).toMatchObject({ page: 1, limit: 100, totalIsEstimate: true });
    expect(mineRest.pagination.total).toBeGreaterThan(LIST_COUNT_CAP);
    const lastPage = await rest<PostPage<'twitter'>>(uploader, '/api/social/twitter?dataset=mine&sortBy=likes&limit=100&page=21');
    expect(lastPage.data).toHaveLength(1);
    expect(lastPage.pagination).toMatchObject({ total: DOT_POSTS + 1, pages: 21 });
    expect(mineRest.data[0]).toMatchObject({ likes: 6 });
    const mineSearch = (await uploader.query<SearchResults>('social.search', { q: '$DOT moon', dataset: 'mine' })).data;
    // Counted up to SEARCH_COUNT_CAP, as every search is.
    expect(mineSearch).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(mineSearch.data).toHaveLength(DEFAULT_SEARCH_LIMIT);
    expect(mineSearch.data.every((post) => post.symbols.includes('DOT') && post.userRef.username.startsWith('dot_fan_'))).toBe(true);
    const mineTagged = await rest<SearchResults>(uploader, '/api/social/search?q=%24BTC&dataset=mine');
    expect(mineTagged).toMatchObject({ total: 1, data: [{ _id: expect.any(String), text: 'rewritten by an upload: $BTC is terrible' }] });

    expect((await other.query<PostPage<'twitter'>>('social.list.twitter', { dataset: 'mine' })).data.pagination.total).toBe(0);
    expect((await rest<PostPage<'twitter'>>(other, '/api/social/twitter?dataset=mine')).data).toEqual([]);
    expect((await other.query<SearchResults>('social.search', { q: '$DOT', dataset: 'mine' })).data).toMatchObject({ total: 0, data: [] });
    expect((await rest<SearchResults>(other, '/api/social/search?q=moon&dataset=mine')).total).toBe(0);

    // /v1/data?dataset=mine: the key owner's posts, paged by cursor; nobody else's key sees them.
    const api = await v1Client(t.app, uploader.user.id);
    const first = (await api.get('/v1/data?dataset=mine&symbol=DOT&limit=100')).json<V1DataResponse>();
    expect(first.data).toHaveLength(100);
    expect(first.data.every((post) => post.symbols.includes('DOT') && post.userRef.username.startsWith('dot_fan_'))).toBe(true);
    const second = (await api.get(`/v1/data?dataset=mine&symbol=DOT&limit=100&cursor=${first.nextCursor}`)).json<V1DataResponse>();
    expect(second.data).toHaveLength(100);
    expect(new Set([...first.data, ...second.data].map((post) => post._id)).size).toBe(200);
    expect((await customer.get('/v1/data?dataset=mine')).json<V1DataResponse>()).toMatchObject({ data: [], nextCursor: null });
    // And the shared default, for the uploader's key too, is what everyone reads.
    expect(timeless((await api.get('/v1/data?symbol=DOT')).json())).toEqual(before.dataDot);
  }, 180_000);

  it('docs/security.md §24: dataset must be shared or mine, on every surface', async () => {
    const message = 'dataset must be shared or mine';
    const list = await t.app.inject({ method: 'GET', url: '/api/social/twitter?dataset=theirs', headers: other.auth });
    expect(list.statusCode).toBe(400);
    expect(list.json<{ error: string }>().error).toBe(message);
    const api = await v1Account(t.app);
    const v1 = await api.get('/v1/data?dataset=all');
    expect(v1.statusCode).toBe(400);
    expect(v1.json<{ error: { message: string } }>().error.message).toBe(message);
    const task = await other.create({ type: 'export', title: 'x', query: { dataset: 'everyone' }, format: 'csv' });
    expect(task.error?.message).toBe('query.dataset must be one of shared, mine');
  });
});
