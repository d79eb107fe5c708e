import { MAX_SAVED_VIEWS, SAVED_VIEW_MESSAGES, type SavedView } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { importAllFixtures } from '../../test/social-fixtures.js';
import { trpcCaller } from '../../test/trpc.js';

// Saved views: an account's named filters, sort and columns of a table, the same over tRPC and
// REST, and nobody else's to read, rename or delete.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await importAllFixtures(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

async function account() {
  const { token } = await signup(t.app);
  const headers = bearer(token);
  const rest = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { trpc: trpcCaller(t.app, headers), rest };
}

const liked = {
  table: 'social.twitter',
  name: 'Liked BTC',
  state: { filters: { coin: 'BTC', minLikes: '1' }, sortBy: 'likes', sortOrder: 'desc', hiddenColumns: ['views'] },
} as const;

describe(`saved views (${process.env.TEST_DB})`, () => {
  it('are created, listed by name, applied to the list, renamed and deleted', async () => {
    const a = await account();
    const created = await a.trpc.mutate<SavedView>('savedViews.create', liked);
    expect(created.status, created.body).toBe(200);
    expect(created.data).toEqual({
      id: expect.any(Number),
      table: 'social.twitter',
      name: 'Liked BTC',
      state: liked.state,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const rest = await a.rest('POST', '/api/saved-views', { ...liked, name: 'all newest', state: { filters: {}, hiddenColumns: [] } });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await a.trpc.query<SavedView[]>('savedViews.list', { table: 'social.twitter' })).data.map((v) => v.name)).toEqual([
      'all newest',
      'Liked BTC',
    ]);
    expect((await a.rest('GET', '/api/saved-views?table=social.facebook')).json()).toEqual([]);

    // Applying a view is asking the list for its state: the rows its filters and sort give.
    const { state } = created.data;
    const applied = await a.trpc.query<{ data: { symbols: string[]; likes: number }[] }>('social.list.twitter', {
      ...state.filters,
      sortBy: state.sortBy,
      sortOrder: state.sortOrder,
    });
    expect(applied.data.data.length).toBeGreaterThan(0);
    expect(applied.data.data.every((post) => post.symbols.includes('BTC') && post.likes >= 1)).toBe(true);
    expect(applied.data.data.map((post) => post.likes)).toEqual([...applied.data.data.map((post) => post.likes)].sort((x, y) => y - x));

    const renamed = await a.rest('PATCH', `/api/saved-views/${created.data.id}`, { name: 'BTC, most liked' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.data.id, name: 'BTC, most liked', state: liked.state });
    expect((await a.trpc.mutate('savedViews.delete', { id: created.data.id })).data).toEqual({ deleted: true });
    expect((await a.rest('DELETE', `/api/saved-views/${rest.json<SavedView>().id}`)).json()).toEqual({ deleted: true });
    expect((await a.trpc.query<SavedView[]>('savedViews.list', { table: 'social.twitter' })).data).toEqual([]);
  });

  it('another account neither sees nor touches them: 404 as for a view that does not exist', async () => {
    const a = await account();
    const b = await account();
    const view = (await a.trpc.mutate<SavedView>('savedViews.create', liked)).data;
    expect((await b.trpc.query<SavedView[]>('savedViews.list', { table: 'social.twitter' })).data).toEqual([]);
    expect((await b.rest('GET', '/api/saved-views?table=social.twitter')).json()).toEqual([]);
    const rename = await b.rest('PATCH', `/api/saved-views/${view.id}`, { name: 'mine now' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().error).toBe(SAVED_VIEW_MESSAGES.notFound);
    expect((await b.trpc.mutate('savedViews.rename', { id: view.id, name: 'mine now' })).status).toBe(404);
    expect((await b.rest('DELETE', `/api/saved-views/${view.id}`)).statusCode).toBe(404);
    expect((await b.trpc.mutate('savedViews.delete', { id: view.id })).status).toBe(404);
    // b may use the same name on its own views.
    expect((await b.trpc.mutate('savedViews.create', liked)).status).toBe(200);
    expect((await a.trpc.query<SavedView[]>('savedViews.list', { table: 'social.twitter' })).data).toEqual([view]);
  });

  it('refuses a duplicate name (any case), state the table does not accept, and more than MAX_SAVED_VIEWS', async () => {
    const a = await account();
    expect((await a.rest('POST', '/api/saved-views', liked)).statusCode).toBe(201);
    const again = await a.rest('POST', '/api/saved-views', { ...liked, name: 'liked btc' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SAVED_VIEW_MESSAGES.duplicate('liked btc'), param: 'name' });
    const bad: [object, string][] = [
      [{ ...liked, table: 'social.myspace' }, 'table must be one of social.twitter, social.instagram, social.facebook, social.linkedin'],
      [{ ...liked, name: '  ' }, 'name must not be blank'],
      [{ ...liked, state: { filters: { location: 'Austin' }, hiddenColumns: [] } }, 'state.filters has no filter named location'],
      [
        { ...liked, state: { filters: { minLikes: 'many' }, hiddenColumns: [] } },
        'state: minLikes must be a whole number from 0 to 2147483647',
      ],
      [
        { ...liked, state: { filters: {}, sortBy: 'shares', hiddenColumns: [] } },
        'state: sortBy must be one of created_at, views, likes, replies, retweets',
      ],
      [{ ...liked, state: { filters: {}, hiddenColumns: ['reactions'] } }, 'state.hiddenColumns has no column named reactions'],
    ];
    for (const [body, error] of bad) {
      const res = await a.rest('POST', '/api/saved-views', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await a.rest('PATCH', '/api/saved-views/abc', { name: 'x' })).json().error).toBe('id must be a whole number');
    for (let i = 1; i < MAX_SAVED_VIEWS; i++)
      expect((await a.rest('POST', '/api/saved-views', { ...liked, name: `view ${i}` })).statusCode).toBe(201);
    const full = await a.rest('POST', '/api/saved-views', { ...liked, name: 'one too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(SAVED_VIEW_MESSAGES.full);
  });
});
