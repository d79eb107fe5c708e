import { PRICE_MICROS_PER_CALL, type RequestLogPage } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { createTestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPlan } from '../../services/billing/subscriptions/plan-changes.js';
import { applyRequestLogRetention } from '../../services/request-log/retention.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { insertKey } from '../../test/keys.js';
import { expectDocumented } from '../../test/v1.js';
import { expectV1Error } from '../../test/v1.js';

// The request log: every /v1 call of a key, written after the answer in batches, read back with
// GET /v1/usage/requests (its filters, pages and tenancy) and swept after 30 days.
describe(`/v1 request log (${process.env.TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAssets(t.app.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = async (url: string, headers: Record<string, string>, method: 'GET' | 'DELETE' = 'GET') => {
    const res = await t.app.inject({ method, url, headers });
    expectDocumented(method, url, res);
    return res;
  };
  /** The log as the key's owner reads it, once the rows waiting in memory are written. */
  const log = async (headers: Record<string, string>, query = '') => {
    await t.app.requestLog.flush();
    const res = await call(`/v1/usage/requests${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RequestLogPage>();
  };
  async function account(plan: 'free' | 'pro' = 'free') {
    const { user, token } = await signup(t.app);
    if (plan === 'pro') await grantPlan(t.app.deps, { email: user.email, plan: 'pro', operator: 'test' });
    const key = await insertKey(t.app.db, user.id, 'first');
    const prefix = (await t.app.db.selectFrom('api_keys').select('prefix').where('id', '=', key.id).executeTakeFirstOrThrow()).prefix;
    return { user, key, prefix, session: bearer(token) };
  }

  it('lists each call with a key, newest first: time, method, path, operation, status, latency, billed, cost, request id', async () => {
    const { key, prefix } = await account('pro');
    const ok = await call('/v1/crypto/prices?symbols=BTC', key.headers);
    const bad = await call('/v1/crypto/prices?symbols=NOPE', key.headers);
    const missing = await call('/v1/no-such-route?x=1', key.headers);
    await call('/v1/crypto/prices?symbols=BTC', { authorization: 'Bearer cs_live_nobody' });
    expect([ok.statusCode, bad.statusCode, missing.statusCode]).toEqual([200, 400, 404]);
    const page = await log(key.headers);
    expect(
      page.data.map(({ method, path, operation, status, billed, costMicros, requestId }) => ({
        method,
        path,
        operation,
        status,
        billed,
        costMicros,
        requestId,
      })),
    ).toEqual([
      {
        method: 'GET',
        path: '/v1/no-such-route',
        operation: null,
        status: 404,
        billed: false,
        costMicros: 0,
        requestId: missing.headers['x-request-id'],
      },
      {
        method: 'GET',
        path: '/v1/crypto/prices',
        operation: 'getCryptoPrices',
        status: 400,
        billed: false,
        costMicros: 0,
        requestId: bad.headers['x-request-id'],
      },
      {
        method: 'GET',
        path: '/v1/crypto/prices',
        operation: 'getCryptoPrices',
        status: 200,
        billed: true,
        costMicros: PRICE_MICROS_PER_CALL,
        requestId: ok.headers['x-request-id'],
      },
    ]);
    for (const entry of page.data) {
      expect(entry.key).toEqual({ id: key.id, name: 'first', prefix });
      expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(120_000);
    }
    expect(page.nextCursor).toBeNull();
    // Reading the log is not billed, and is itself listed (unbilled) on the next read.
    const again = await log(key.headers);
    expect(again.data[0]).toMatchObject({
      path: '/v1/usage/requests',
      operation: 'listRequests',
      status: 200,
      billed: false,
      costMicros: 0,
    });
    const usage = await call('/v1/usage', key.headers);
    expect(usage.json<{ calls: number }>().calls).toBe(1);
  });

  it('counts a Free call as billed at no cost', async () => {
    const { key } = await account();
    await call('/v1/crypto/prices?symbols=ETH', key.headers);
    const page = await log(key.headers);
    expect(page.data[0]).toMatchObject({ operation: 'getCryptoPrices', status: 200, billed: true, costMicros: 0 });
  });

  it('filters by key (id or prefix), status (one or a class) and operation', async () => {
    const { user, key, prefix } = await account();
    const other = await insertKey(t.app.db, user.id, 'second');
    // Reading the log is a call too: a third key reads it, so its reads are not in the key filters' answers.
    const reader = (await insertKey(t.app.db, user.id, 'reader')).headers;
    await call('/v1/crypto/prices?symbols=BTC', key.headers);
    await call('/v1/crypto/prices?symbols=NOPE', key.headers);
    await call('/v1/alerts/999999', other.headers, 'DELETE');
    await call('/v1/alerts', other.headers);
    const pick = (page: RequestLogPage) => page.data.map((entry) => `${entry.key.name} ${entry.operation} ${entry.status}`);
    expect(pick(await log(reader, `?key=${other.id}`))).toEqual(['second listAlerts 200', 'second deleteAlert 404']);
    expect(pick(await log(reader, `?key=${prefix}`))).toEqual(['first getCryptoPrices 400', 'first getCryptoPrices 200']);
    expect(pick(await log(reader, '?status=4xx&key=' + String(key.id)))).toEqual(['first getCryptoPrices 400']);
    expect(pick(await log(reader, '?status=404'))).toEqual(['second deleteAlert 404']);
    expect(pick(await log(reader, '?operation=listAlerts'))).toEqual(['second listAlerts 200']);
    expect(pick(await log(reader, '?operation=getCryptoPrices&status=2XX'))).toEqual(['first getCryptoPrices 200']);
  });

  it('pages with an opaque cursor: every call once, in order', async () => {
    const { key } = await account();
    for (let i = 0; i < 5; i += 1) await call('/v1/crypto/prices?symbols=BTC', key.headers);
    await t.app.requestLog.flush();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: RequestLogPage = await log(key.headers, `?operation=getCryptoPrices&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((entry) => entry.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    const { key } = await account();
    for (const [query, param] of [
      ['?status=99', 'status'],
      ['?status=6xx', 'status'],
      ['?key=nope', 'key'],
      ['?operation=get%20prices', 'operation'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=bm9wZQ', 'cursor'],
      ['?since=1', undefined],
    ] as const) {
      const res = await call(`/v1/usage/requests${query}`, key.headers);
      expectV1Error(res, 400, 'bad_request', undefined, param ? { param } : {});
    }
  });

  it("shows an account only its own calls: another account's key filters to nothing", async () => {
    const first = await account();
    const second = await account();
    await call('/v1/crypto/prices?symbols=BTC', first.key.headers);
    expect((await log(second.key.headers)).data.every((entry) => entry.key.id === second.key.id)).toBe(true);
    expect((await log(second.key.headers, `?key=${first.key.id}`)).data).toEqual([]);
    expect((await log(second.key.headers, `?key=${first.prefix}`)).data).toEqual([]);
    expect((await log(first.key.headers, `?key=${first.key.id}`)).data.length).toBeGreaterThan(0);
  });

  it('keeps 30 days: the daily sweep deletes older calls', async () => {
    const { user, key } = await account();
    const now = new Date();
    const row = (daysAgo: number) => ({
      user_id: user.id,
      key_id: key.id,
      at: new Date(now.getTime() - daysAgo * 86_400_000),
      method: 'GET',
      path: '/v1/usage',
      operation: 'getUsage',
      status: 200,
      latency_ms: 1,
      billed: false,
      cost_micros: 0,
      request_id: `r-${daysAgo}`,
    });
    await t.app.db
      .insertInto('api_request_logs')
      .values([row(31), row(29), row(1)])
      .execute();
    const { deleted } = await applyRequestLogRetention({ ...t.app.deps, now: () => now }, {});
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await t.app.db.selectFrom('api_request_logs').select('request_id').where('user_id', '=', user.id).orderBy('at').execute();
    expect(left.map((r) => r.request_id)).toEqual(['r-29', 'r-1']);
  });

  it("downloads as the Requests table shows it: same filters, newest first, CSV or JSON, the account's own rows only", async () => {
    const { key, session: headers } = await account();
    const other = await account();
    for (const symbol of ['BTC', 'ETH', 'NOPE']) await call(`/v1/crypto/prices?symbols=${symbol}`, key.headers);
    await call('/v1/crypto/prices?symbols=BTC', other.key.headers);
    // Reading the log is itself a logged call, written whenever its batch is: both reads name the
    // operation so that row cannot land between them.
    const page = await log(key.headers, '?status=2xx&operation=getCryptoPrices');
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/usage/requests/download?format=json&status=2xx&operation=getCryptoPrices',
      headers,
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="api-requests-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.json()).toEqual(page.data);
    const csv = await t.app.inject({ method: 'GET', url: '/api/usage/requests/download?status=4xx', headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,keyName,keyPrefix,method,path,operation,status,latencyMs,billed,costMicros,requestId');
    expect(lines.slice(1).map((line) => line.split(',')[6])).toEqual(['400']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/usage/requests/download?format=xml', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'format must be one of: csv, json' });
    expect((await t.app.inject({ method: 'GET', url: '/api/usage/requests/download' })).statusCode).toBe(401);
  });

  it('records nothing with the log off (API_REQUEST_LOG=off), and the call is answered as usual', async () => {
    const off = await createTestApp({ requestLog: false });
    try {
      await seedAssets(off.app.db);
      const { user } = await signup(off.app);
      const key = await insertKey(off.app.db, user.id);
      const res = await off.app.inject({ method: 'GET', url: '/v1/crypto/prices?symbols=BTC', headers: key.headers });
      expect(res.statusCode).toBe(200);
      await off.app.requestLog.flush();
      const rows = await off.app.db.selectFrom('api_request_logs').select('request_id').where('user_id', '=', user.id).execute();
      expect(rows).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

// A database that outlives the app: PostgreSQL only (a PGlite test database is in memory, one per app).
describe.runIf(process.env.TEST_DB === 'postgres')('/v1 request log across a graceful stop', () => {
  it('writes the calls still waiting in memory when the app closes', async () => {
    const database = await createTestDatabase(process.env, { migrated: true });
    try {
      const first = await createTestApp({}, { shared: database });
      await seedAssets(first.app.db);
      const { user } = await signup(first.app);
      const key = await insertKey(first.app.db, user.id);
      const res = await first.app.inject({ method: 'GET', url: '/v1/crypto/prices?symbols=BTC', headers: key.headers });
      expect(res.statusCode).toBe(200);
      // No flush: closing the app writes what waits (the next timer tick is up to a second away).
      await first.close();
      const second = await createTestApp({}, { shared: database });
      try {
        const rows = await second.app.db
          .selectFrom('api_request_logs')
          .select(['request_id', 'status'])
          .where('user_id', '=', user.id)
          .execute();
        expect(rows).toEqual([{ request_id: res.headers['x-request-id'], status: 200 }]);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
