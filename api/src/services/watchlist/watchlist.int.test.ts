import { WATCHLIST_MAX_ASSETS } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { trpcCaller } from '../../test/trpc.js';
import { expectV1Error, v1Client } from '../../test/v1.js';

// One watchlist per account, the same from tRPC, REST and /v1/watchlist; nobody else's.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

async function account() {
  const { token, user } = await signup(t.app);
  const trpc = trpcCaller(t.app, bearer(token));
  const rest = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { token, user, trpc, rest, v1: await v1Client(t.app, user.id) };
}

describe(`the watchlist (${process.env.TEST_DB})`, () => {
  it('is empty at first, then holds the coins starred in order, from tRPC, REST and /v1 alike', async () => {
    const a = await account();
    expect((await a.trpc.query('watchlist.get')).data).toEqual({ symbols: [] });
    expect((await a.trpc.mutate('watchlist.toggle', { symbol: 'eth', starred: true })).data).toEqual({ symbols: ['ETH'] });
    expect((await a.trpc.mutate('watchlist.toggle', { symbol: 'BTC', starred: true })).data).toEqual({ symbols: ['ETH', 'BTC'] });
    // Starring again changes nothing.
    expect((await a.trpc.mutate('watchlist.toggle', { symbol: 'ETH', starred: true })).data).toEqual({ symbols: ['ETH', 'BTC'] });
    expect((await a.rest('GET', '/api/watchlist')).json()).toEqual({ symbols: ['ETH', 'BTC'] });
    expect((await a.rest('PUT', '/api/watchlist/SOL')).json()).toEqual({ symbols: ['ETH', 'BTC', 'SOL'] });
    expect((await a.rest('DELETE', '/api/watchlist/BTC')).json()).toEqual({ symbols: ['ETH', 'SOL'] });
    const v1 = await a.v1.get('/v1/watchlist');
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toEqual({
      data: [
        { symbol: 'ETH', name: 'Ethereum', slug: 'ethereum', rank: expect.any(Number) },
        { symbol: 'SOL', name: 'Solana', slug: 'solana', rank: expect.any(Number) },
      ],
      asOf: expect.any(String),
    });
  });

  it('PUT /v1/watchlist replaces it whole, reading tickers, names and ids, each once', async () => {
    const a = await account();
    const put = await a.v1.put('/v1/watchlist', { symbols: ['bitcoin', 'ETH', 'Solana', 'btc'] });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.map((asset: { symbol: string }) => asset.symbol)).toEqual(['BTC', 'ETH', 'SOL']);
    expect((await a.trpc.query('watchlist.get')).data).toEqual({ symbols: ['BTC', 'ETH', 'SOL'] });
    expect((await a.rest('PUT', '/api/watchlist', { symbols: ['DOGE'] })).json()).toEqual({ symbols: ['DOGE'] });
    expect((await a.v1.put('/v1/watchlist', { symbols: [] })).json().data).toEqual([]);
  });

  it('refuses unknown coins, bad bodies and too many coins with clear 400s', async () => {
    const a = await account();
    expectV1Error(
      await a.v1.put('/v1/watchlist', { symbols: ['NOTACOIN'] }),
      400,
      'bad_request',
      'symbols: NOTACOIN is not a tracked asset',
      {
        param: 'symbols',
      },
    );
    expectV1Error(await a.v1.put('/v1/watchlist', { symbols: 'BTC' }), 400, 'bad_request');
    expectV1Error(await a.v1.put('/v1/watchlist', { symbols: ['BTC'], extra: 1 }), 400, 'bad_request', 'unknown field: extra');
    const many = Array.from({ length: WATCHLIST_MAX_ASSETS + 1 }, () => 'BTC');
    expectV1Error(await a.v1.put('/v1/watchlist', { symbols: many }), 400, 'bad_request', expect.stringContaining('at most'));
    const rest = await a.rest('PUT', '/api/watchlist/NOTACOIN');
    expect(rest.statusCode).toBe(400);
    expect((await a.trpc.mutate('watchlist.toggle', { symbol: 'XYZ', starred: true })).status).toBe(400);
  });

  it('is never billed on /v1', async () => {
    const a = await account();
    await a.v1.put('/v1/watchlist', { symbols: ['BTC'] });
    await a.v1.get('/v1/watchlist');
    expect((await a.v1.get('/v1/usage')).json().calls).toBe(0);
  });

  it("a second account sees none of the first's watchlist, and cannot change it", async () => {
    const first = await account();
    const second = await account();
    await first.trpc.mutate('watchlist.set', { symbols: ['BTC', 'ETH'] });
    expect((await second.trpc.query('watchlist.get')).data).toEqual({ symbols: [] });
    expect((await second.rest('GET', '/api/watchlist')).json()).toEqual({ symbols: [] });
    expect((await second.v1.get('/v1/watchlist')).json().data).toEqual([]);
    await second.v1.put('/v1/watchlist', { symbols: ['SOL'] });
    await second.rest('DELETE', '/api/watchlist/BTC');
    expect((await first.trpc.query('watchlist.get')).data).toEqual({ symbols: ['BTC', 'ETH'] });
    expect((await second.trpc.query('watchlist.get')).data).toEqual({ symbols: ['SOL'] });
  });

  it('needs a signed-in user on tRPC and REST', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist' })).statusCode).toBe(401);
    expect((await trpcCaller(t.app, {}).query('watchlist.get')).status).toBe(401);
  });
});
