import { PLANS, PUBLIC_TEST_API_KEY, PUBLIC_TEST_KEY_REQUESTS_PER_MINUTE, TEST_KEY_REQUESTS_PER_MINUTE } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../services/api-keys/keys.js';
import { TEST_EPOCH } from '../services/test-mode/dataset.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';
import { expectDocumented, expectV1Error, v1Client } from '../test/v1.js';
import { PUBLIC_KEY_READ_ONLY_MESSAGE } from './auth.js';
import { rateLimitMessage } from './metering.js';

// cs_test_ keys answer from the fixed test dataset, deterministically, are never
// metered, have their own limit, and nothing they do reaches live data; the public test key reads only.

let t: TestApp;
const auth = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function call(method: 'GET' | 'POST', url: string, secret: string, payload?: object): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({ method, url, headers: auth(secret), ...(payload ? { payload } : {}) });
  expectDocumented(method, url, res);
  return res;
}

/** A confirmed account with one live key (the test helper's client) and one test key. */
async function account() {
  const { user } = await signup(t.app);
  const live = await v1Client(t.app, user.id);
  const test = await createApiKey(t.app.deps, { name: 'test key', mode: 'test' }, { userId: user.id });
  return { userId: user.id, live, test: test.secret, testKey: test.key };
}

const READS = [
  '/v1/crypto/prices?symbols=BTC,ETH',
  '/v1/crypto/history?symbol=BTC',
  '/v1/crypto/history?symbol=ETH&interval=1d&from=2025-12-01&to=2025-12-08',
  '/v1/social/mentions?symbol=BTC',
  '/v1/market/sentiment?symbols=BTC,ETH',
  '/v1/data?limit=5',
];

describe(`test mode (${process.env.TEST_DB})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    await seedAssets(t.app.db);
    // The dataset is built on first use: here, once, with time for a loaded machine.
    await t.app.testMode.deps();
  }, 600_000);

  afterAll(async () => {
    await t?.close();
  });

  it('makes cs_test_ keys beside live ones, shown with their mode', async () => {
    const a = await account();
    expect(a.test).toMatch(/^cs_test_[0-9A-Za-z]{33}$/);
    expect(a.live.secret).toMatch(/^cs_live_/);
    expect(a.testKey).toMatchObject({ mode: 'test', prefix: a.test.slice(0, 12) });
  });

  it('answers every read with the same body, twice and for two keys of two accounts and the public key', async () => {
    const [a, b] = [await account(), await account()];
    for (const url of READS) {
      const first = await call('GET', url, a.test);
      expect(first.statusCode, url).toBe(200);
      const again = await call('GET', url, a.test);
      const other = await call('GET', url, b.test);
      const pub = await call('GET', url, PUBLIC_TEST_API_KEY);
      expect(again.body, url).toBe(first.body);
      expect(other.body, url).toBe(first.body);
      expect(pub.body, url).toBe(first.body);
      expect(first.json<{ asOf: string }>().asOf, url).toBe(TEST_EPOCH.toISOString());
    }
    // The dataset holds real figures, not empty answers.
    const prices = (await call('GET', READS[0]!, a.test)).json<{ prices: Array<{ symbol: string; price: number | null }> }>();
    expect(prices.prices.map((p) => p.symbol)).toEqual(['BTC', 'ETH']);
    for (const p of prices.prices) expect(p.price).toBeGreaterThan(0);
    const history = (await call('GET', READS[1]!, a.test)).json<{ candles: unknown[]; to: string }>();
    expect(history.candles.length).toBeGreaterThan(100);
    expect(history.to).toBe(TEST_EPOCH.toISOString());
    const data = (await call('GET', READS[5]!, a.test)).json<{ data: unknown[] }>();
    expect(data.data).toHaveLength(5);
  });

  it('is never metered: the account usage and the key list stay as they were', async () => {
    const a = await account();
    await call('GET', '/v1/crypto/prices?symbols=BTC', a.live.secret);
    const before = (await a.live.get('/v1/usage')).json<{ key: { calls: number }; calls: number }>();
    for (const url of READS) expect((await call('GET', url, a.test)).statusCode).toBe(200);
    const after = (await a.live.get('/v1/usage')).json<{ key: { calls: number }; calls: number }>();
    expect({ account: after.calls, key: after.key.calls }).toEqual({ account: before.calls, key: before.key.calls });
    const testUsage = (await call('GET', '/v1/usage', a.test)).json<{ calls: number; key: { calls: number } }>();
    expect({ account: testUsage.calls, key: testUsage.key.calls }).toEqual({ account: 0, key: 0 });
  });

  it('has its own rate limit, which leaves the live key of the same account alone', async () => {
    const a = await account();
    const first = await call('GET', '/v1/nowhere', a.test);
    expect(first.headers['ratelimit-limit']).toBe(String(TEST_KEY_REQUESTS_PER_MINUTE));
    for (let i = 1; i < TEST_KEY_REQUESTS_PER_MINUTE; i++) await t.app.inject({ method: 'GET', url: '/v1/nowhere', headers: auth(a.test) });
    const refused = await call('GET', '/v1/crypto/prices?symbols=BTC', a.test);
    expectV1Error(refused, 429, 'rate_limited', rateLimitMessage(TEST_KEY_REQUESTS_PER_MINUTE, 'key'));
    const live = await call('GET', '/v1/crypto/prices?symbols=BTC', a.live.secret);
    expect(live.statusCode).toBe(200);
    expect(live.headers['ratelimit-limit']).toBe(String(PLANS.free.requestsPerMinute));
    const pub = await call('GET', '/v1/nowhere', PUBLIC_TEST_API_KEY);
    expect(pub.headers['ratelimit-limit']).toBe(String(PUBLIC_TEST_KEY_REQUESTS_PER_MINUTE));
  });

  it('refuses writes with the public key', async () => {
    const res = await call('POST', '/v1/alerts/create', PUBLIC_TEST_API_KEY, { symbol: 'BTC', price: 50_000, condition: 'below' });
    expectV1Error(res, 403, 'forbidden', PUBLIC_KEY_READ_ONLY_MESSAGE);
    const del = await t.app.inject({ method: 'DELETE', url: '/v1/alerts/1', headers: auth(PUBLIC_TEST_API_KEY) });
    expectV1Error(del, 403, 'forbidden', PUBLIC_KEY_READ_ONLY_MESSAGE);
  });

  it('keeps test alerts apart: live keys, other accounts and the live tables never see them', async () => {
    const [a, b] = [await account(), await account()];
    const created = await call('POST', '/v1/alerts/create', a.test, { symbol: 'BTC', price: 50_000, condition: 'below' });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ alert: { id: number } }>().alert.id;
    expect((await call('GET', '/v1/alerts', a.test)).json<{ data: Array<{ id: number }> }>().data.map((x) => x.id)).toEqual([id]);
    expect((await call('GET', '/v1/alerts', b.test)).json<{ data: unknown[] }>().data).toEqual([]);
    expect((await a.live.get('/v1/alerts')).json<{ data: unknown[] }>().data).toEqual([]);
    const liveRows = await t.app.db.selectFrom('alerts').select('id').where('user_id', '=', a.userId).execute();
    expect(liveRows).toEqual([]);
    // Live keys still read live data, at the live clock.
    const live = await call('GET', '/v1/crypto/prices?symbols=BTC', a.live.secret);
    expect(live.json<{ asOf: string }>().asOf).not.toBe(TEST_EPOCH.toISOString());
  });
});
