import { seedBlogPosts, seedDemoPosts } from '@coinsight/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { READ_CACHE_TTL_MS } from '../services/read-cache.js';
import { importFixture } from '../test/social-fixtures.js';
import type { ServiceDeps } from '../services/deps.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';
import { readRouterInternals, trpcPlugin } from './fastify-plugin.js';
import { TRPC_MAX_BATCH_SIZE, trpcOptions } from './options.js';
import { appRouter, type AppRouter } from './root.js';

/**
 * trpc/fastify-plugin.ts answers GET query batches itself,
 * from tRPC internals (`router._def.procedures`, `_def._config`) and tRPC's own pieces. Every
 * request here goes to the app's router twice, with the app's options and services: once behind
 * that plugin, once behind the library's own Fastify adapter (`fastifyTRPCPlugin`). Status, body
 * (byte for byte) and the headers tRPC sets must be the same, so a tRPC upgrade that answers
 * differently fails here. Each case also says which road the plugin took: the short road sends
 * one string (a content-length), the library's streams its Response (chunked).
 */

let t: TestApp;
let token: string;
let ours: FastifyInstance;
let library: FastifyInstance;

/** The app's router and tRPC options on a bare Fastify holding the given services. */
async function serve(deps: ServiceDeps, road: 'plugin' | 'library'): Promise<FastifyInstance> {
  // As app.ts: a batch's procedure names are one path parameter.
  const app = Fastify({ routerOptions: { maxParamLength: 5_000 } });
  app.decorate('deps', deps);
  const options = trpcOptions(app.log);
  if (road === 'plugin') await app.register(trpcPlugin, { prefix: '/trpc', trpcOptions: options });
  else await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: options } satisfies FastifyTRPCPluginOptions<AppRouter>);
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedBlogPosts(t.app.db);
  // Lists with rows in them: the two roads must agree on data, not just on empty pages.
  await seedDemoPosts(t.setupDb, { count: 200 });
  ({ token } = await signup(t.app));
  ours = await serve(t.app.deps, 'plugin');
  library = await serve(t.app.deps, 'library');
});

afterAll(async () => {
  await ours?.close();
  await library?.close();
  await t?.close();
});

const batch = (paths: string[], inputs?: Record<number, unknown>) =>
  `/trpc/${paths.join(',')}?batch=1${inputs ? `&input=${encodeURIComponent(JSON.stringify(inputs))}` : ''}`;

/** What a client sees of an answer: status, body bytes and the headers tRPC sets. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  contentType: res.headers['content-type'],
  vary: res.headers.vary,
  retryAfter: res.headers['retry-after'],
  allow: res.headers.allow,
});

const roadOf = (res: LightMyRequestResponse) => (res.headers['transfer-encoding'] === 'chunked' ? 'library' : 'short');

/** The plugin first, then the library: a read the first cached is the second's too. */
async function compare(request: InjectOptions, apps: { ours: FastifyInstance; library: FastifyInstance } = { ours, library }) {
  const mine = await apps.ours.inject(request);
  const theirs = await apps.library.inject(request);
  expect(seen(mine)).toEqual(seen(theirs));
  return { res: mine, road: roadOf(mine), json: () => mine.json<unknown>() };
}

describe(`tRPC GET query batches: the plugin's short road answers as the library's adapter (${process.env.TEST_DB})`, () => {
  it('a batch of queries, public and signed-in: 200, the same data', async () => {
    const { res, road } = await compare({
      url: batch(['blog.list', 'social.summaries'], { 1: { period: '24h' } }),
      headers: bearer(token),
    });
    expect(road).toBe('short');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.vary).toBe('trpc-accept, accept');
  });

  it('the list pages the web asks for, several in one batch, and a query without input', async () => {
    for (const url of [
      batch(['social.list.twitter'], { 0: { page: 1, limit: 25 } }),
      batch(['social.list.twitter', 'social.list.instagram', 'social.list.linkedin'], {
        0: { page: 2, limit: 10, sortBy: 'likes', sortOrder: 'desc' },
        1: { mediaType: 'video' },
        2: {},
      }),
      batch(['site.contact', 'auth.me']),
      `/trpc/auth.me?batch=1&input=`,
      // Fastify decodes the path parameter before either road sees it.
      '/trpc/blog%2Elist?batch=1',
    ]) {
      const { res, road } = await compare({ url, headers: bearer(token) });
      expect(road).toBe('short');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    }
  });

  it('bad input is 400 with the zod error shape; a control character too (docs/security.md §12)', async () => {
    const bad = await compare({ url: batch(['social.summaries'], { 0: { period: 'forever' } }), headers: bearer(token) });
    expect(bad.road).toBe('short');
    expect(bad.res.statusCode).toBe(400);
    const [answer] = bad.json() as [{ error: { data: { code: string; zodError: { fieldErrors: Record<string, unknown> } } } }];
    expect(answer.error.data.code).toBe('BAD_REQUEST');
    expect(Object.keys(answer.error.data.zodError.fieldErrors)).toEqual(['period']);

    const control = await compare({ url: batch(['social.list.twitter'], { 0: { username: 'wh\u0000ale' } }), headers: bearer(token) });
    expect(control.road).toBe('short');
    expect(control.res.statusCode).toBe(400);
  });

  it('signed out, a protected query is 401; a service NOT_FOUND is 404; mixed answers are 207', async () => {
    const unauthorized = await compare({ url: batch(['social.summaries'], { 0: { period: '24h' } }) });
    expect([unauthorized.road, unauthorized.res.statusCode]).toEqual(['short', 401]);
    const notFound = await compare({ url: batch(['blog.bySlug'], { 0: { slug: 'no-such-post' } }) });
    expect([notFound.road, notFound.res.statusCode]).toEqual(['short', 404]);
    const mixed = await compare({
      url: batch(['blog.list', 'social.summaries', 'blog.bySlug'], { 1: { period: '24h' }, 2: { slug: 'x' } }),
    });
    expect([mixed.road, mixed.res.statusCode]).toEqual(['short', 207]);
  });

  it('a nonsense Host header does not break a query (where the library answers 500 "Invalid URL")', async () => {
    const request = { url: batch(['blog.list']), headers: { host: 'not a host/\\' } };
    const mine = await ours.inject(request);
    expect([roadOf(mine), mine.statusCode]).toEqual(['short', 200]);
    // The one known difference, on the short road's side: the library builds a URL from the Host header.
    expect((await library.inject(request)).statusCode).toBe(500);
  });

  it('the library answers, unchanged, what the short road leaves to it', async () => {
    const cases: [InjectOptions, number][] = [
      // NOT_FOUND procedure, alone and in a batch with a query.
      [{ url: batch(['nothing.here']) }, 404],
      [{ url: batch(['blog.list', 'nothing.here']) }, 207],
      // Method not allowed: a mutation by GET (with an Allow header), a query by POST.
      [{ url: batch(['auth.logout']), headers: bearer(token) }, 405],
      [{ method: 'POST', url: batch(['blog.list']), payload: '{}', headers: { 'content-type': 'application/json' } }, 405],
      // Not a batch; an input that is not JSON, or not an object; too many calls.
      [{ url: '/trpc/blog.list' }, 200],
      [{ url: '/trpc/blog.list?batch=1&input=%7Bnope' }, 400],
      [{ url: `/trpc/blog.list?batch=1&input=${encodeURIComponent('[1]')}` }, 400],
      [{ url: batch(Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'blog.list')) }, 400],
      // A streamed answer asked for.
      [{ url: batch(['blog.list']), headers: { 'trpc-accept': 'application/jsonl' } }, 200],
      [{ url: batch(['blog.list']), headers: { accept: 'text/event-stream' } }, 200],
    ];
    for (const [request, status] of cases) {
      const { res, road } = await compare(request);
      expect({ url: request.url, road, status: res.statusCode }).toEqual({ url: request.url, road: 'library', status });
    }
  });

  it('with the database down: SERVICE_UNAVAILABLE, 503 and Retry-After, from a procedure and from the context', async () => {
    const down = unreachableDb();
    const deps: ServiceDeps = { ...t.app.deps, db: down, readDb: down, genericDb: down };
    const apps = { ours: await serve(deps, 'plugin'), library: await serve(deps, 'library') };
    try {
      const fromProcedure = await compare({ url: batch(['blog.list']) }, apps);
      expect([fromProcedure.road, fromProcedure.res.statusCode]).toEqual(['short', 503]);
      expect(fromProcedure.res.headers['retry-after']).toBeDefined();
      const [answer] = fromProcedure.json() as [{ error: { data: { code: string } } }];
      expect(answer.error.data.code).toBe('SERVICE_UNAVAILABLE');
      // A token never seen by the session cache: its check reads the database, in createContext.
      const fresh = await signup(t.app);
      const fromContext = await compare({ url: batch(['blog.list', 'site.contact']), headers: bearer(fresh.token) }, apps);
      expect([fromContext.road, fromContext.res.statusCode]).toEqual(['short', 503]);
    } finally {
      await apps.ours.close();
      await apps.library.close();
    }
  });
});

describe(`tRPC GET query batches: a call asked again while its cached answer is fresh (${process.env.TEST_DB})`, () => {
  const page = (input: object) => batch(['social.list.twitter'], { 0: input });

  it('is answered without running the procedure, the same bytes as the library sends', async () => {
    const reads = vi.spyOn(t.app.deps.reads, 'get');
    try {
      const url = page({ page: 3, limit: 10, sortBy: 'likes' });
      const first = await compare({ url, headers: bearer(token) });
      expect([first.road, first.res.statusCode]).toEqual(['short', 200]);
      const calls = reads.mock.calls.length;
      const again = await ours.inject({ url, headers: bearer(token) });
      expect(reads.mock.calls.length).toBe(calls);
      expect(seen(again)).toEqual(seen(first.res));
      // The same input written differently is another call: the procedure runs (and its guards).
      await ours.inject({ url: page({ limit: 10, page: 3, sortBy: 'likes' }), headers: bearer(token) });
      expect(reads.mock.calls.length).toBeGreaterThan(calls);
    } finally {
      reads.mockRestore();
    }
  });

  it('is not answered to anyone else: anonymous callers, or the same token once signed out, are refused', async () => {
    const user = await signup(t.app);
    const url = page({ page: 2 });
    expect((await ours.inject({ url, headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await ours.inject({ url })).statusCode).toBe(401);
    const out = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect((await ours.inject({ url, headers: bearer(user.token) })).statusCode).toBe(401);
  });

  it('is asked of the procedure again once the answer is older than READ_CACHE_TTL_MS, and shows a new post', async () => {
    const url = page({ limit: 5 });
    const before = (await ours.inject({ url, headers: bearer(token) })).json<[{ result: { data: { data: { text: string }[] } } }]>();
    await importFixture(t.app.db, 'twitter', [
      {
        id: 'memo-new',
        username: 'fresh',
        text: 'A brand new tweet',
        createdAt: new Date().toISOString(),
        views: 1,
        likes: 0,
        replies: 0,
        retweets: 0,
      },
    ]);
    expect(before[0].result.data.data.map((p) => p.text)).not.toContain('A brand new tweet');
    await sleep(READ_CACHE_TTL_MS + 50);
    const { res } = await compare({ url, headers: bearer(token) });
    const after = res.json<[{ result: { data: { data: { text: string }[] } } }]>();
    expect(after[0].result.data.data[0]!.text).toBe('A brand new tweet');
  });
});

describe('the tRPC internals the short road reads', () => {
  it('are there in this tRPC version: every query of the router by its dotted path', () => {
    const { queries } = readRouterInternals(appRouter);
    expect(queries.has('social.list.twitter')).toBe(true);
    expect(queries.has('blog.list')).toBe(true);
    // Mutations and subscriptions stay on the library's road.
    expect(queries.has('auth.logout')).toBe(false);
    expect(queries.has('market.live')).toBe(false);
  });

  it('when missing or reshaped, the server does not start, and says why', async () => {
    const reshaped = [
      { ...appRouter, _def: { ...appRouter._def, procedures: undefined } },
      { ...appRouter, _def: { ...appRouter._def, procedures: { 'blog.list': () => null } } },
      { ...appRouter, _def: { ...appRouter._def, _config: { ...appRouter._def._config, transformer: undefined } } },
    ];
    for (const router of reshaped) {
      const app = Fastify();
      const options = { ...trpcOptions(app.log), router: router as unknown as AppRouter };
      await expect(app.register(trpcPlugin, { prefix: '/trpc', trpcOptions: options }).ready()).rejects.toThrow(
        /@trpc\/server's router no longer has/,
      );
      await app.close();
    }
  });
});

/** A database whose every connection attempt fails as an unreachable PostgreSQL's does. */
function unreachableDb(): ServiceDeps['db'] {
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async (): Promise<DatabaseConnection> => {
      throw new Error('Connection terminated unexpectedly');
    },
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
