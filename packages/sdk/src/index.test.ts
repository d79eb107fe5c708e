import {
  findV1Operation,
  V1_OPERATIONS,
  type v1AlertResponseSchema,
  type v1CreateAlertBodySchema,
  type v1DataQuerySchema,
  type v1DataResponseSchema,
  type v1PricesResponseSchema,
  type v1UsageResponseSchema,
} from '@coinsight/contracts';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  backoffMs,
  Coinsight,
  CoinsightError,
  DEFAULT_BASE_URL,
  OPERATIONS,
  rateLimitOf,
  retryAfterMs,
  USER_AGENT,
  VERSION,
  type AlertAnswer,
  type CreateAlertInput,
  type DataPage,
  type Prices,
  type Usage,
} from './index.js';

// The client's own logic against a scripted fetch; the API itself is exercised by the api's
// sdk.int.test.ts against a listening server.

interface Call {
  url: string;
  init: RequestInit;
}

function scripted(answers: (() => Response)[]) {
  const calls: Call[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (url, init) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error('no more answers scripted');
    return next();
  });
  return { fetch, calls };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const apiError = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(
    status,
    { error: { code, message: `${code} message`, requestId: `req-${status}` } },
    { 'x-request-id': `req-${status}`, ...headers },
  );
const alerts = json(200, { data: [], asOf: '2026-11-23T00:00:00.000Z' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Coinsight', () => {
  it('sends the key as a Bearer header and the query as text', async () => {
    const { fetch, calls } = scripted([json(200, { data: [], nextCursor: null, asOf: 'x' })]);
    const client = new Coinsight({ apiKey: 'cs_live_x', baseUrl: 'https://api.test/', fetch });
    await client.data.list({ q: '$BTC', limit: 10, from: new Date('2026-11-01T00:00:00Z'), platform: undefined });
    expect(calls[0]?.url).toBe('https://api.test/v1/data?q=%24BTC&limit=10&from=2026-11-01T00%3A00%3A00.000Z');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer cs_live_x' });
  });

  it('joins list parameters with commas', async () => {
    const { fetch, calls } = scripted([json(200, {})]);
    await new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).market.sentiment({ symbols: ['BTC', 'ETH'], sources: ['twitter'] });
    expect(calls[0]?.url).toBe('http://h/v1/market/sentiment?symbols=BTC%2CETH&sources=twitter');
  });

  it('throws a CoinsightError with status, code, message and request id', async () => {
    const { fetch } = scripted([apiError(409, 'conflict')]);
    const error = await new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).crypto
      .history({ symbol: 'bit' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoinsightError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'conflict message', requestId: 'req-409' });
  });

  it('retries a GET after a 429, waiting Retry-After, then answers', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scripted([apiError(429, 'rate_limited', { 'retry-after': '2' }), alerts]);
    const answer = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).alerts.list();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toEqual({ data: [], asOf: '2026-11-23T00:00:00.000Z' });
    expect(calls).toHaveLength(2);
  });

  it('retries 5xx and network failures with backoff, a bounded number of times', async () => {
    vi.useFakeTimers();
    const fail = () => {
      throw new TypeError('fetch failed');
    };
    const { fetch, calls } = scripted([apiError(503, 'unavailable'), fail, apiError(500, 'internal')]);
    const answer = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch, maxRetries: 2 }).alerts.list().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await answer).toMatchObject({ status: 500, code: 'internal', requestId: 'req-500' });
    expect(calls).toHaveLength(3);
  });

  it("retries a POST under one Idempotency-Key of its own when given none, and under the caller's when given", async () => {
    vi.useFakeTimers();
    const body = { symbol: 'BTC', price: 1, condition: 'above' as const };
    const first = scripted([
      apiError(503, 'unavailable', { 'retry-after': '0' }),
      apiError(503, 'unavailable', { 'retry-after': '0' }),
      json(201, { alert: {}, asOf: 'x' }),
    ]);
    const client = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: first.fetch });
    const created = client.alerts.create(body);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(created).resolves.toEqual({ alert: {}, asOf: 'x' });
    const own = first.calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key']);
    expect(own).toHaveLength(3);
    expect(own[0]).toMatch(/^coinsight-sdk-[0-9a-f-]{36}$/);
    expect(new Set(own).size).toBe(1);
    // The next logical call is another key.
    const next = scripted([json(201, { alert: {}, asOf: 'x' })]);
    await new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: next.fetch }).alerts.create(body);
    expect((next.calls[0]?.init.headers as Record<string, string>)['idempotency-key']).not.toBe(own[0]);

    const second = scripted([apiError(503, 'unavailable', { 'retry-after': '0' }), json(201, { alert: {}, asOf: 'x' })]);
    const keyed = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: second.fetch });
    const answer = keyed.alerts.create(body, { idempotencyKey: 'order-1' });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toEqual({ alert: {}, asOf: 'x' });
    expect(second.calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key'])).toEqual(['order-1', 'order-1']);
    expect(second.calls[0]?.init.body).toBe(JSON.stringify(body));
  });

  it('sends no Idempotency-Key on a GET', async () => {
    const { fetch, calls } = scripted([alerts]);
    await new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).alerts.list();
    expect(calls[0]?.init.headers).not.toHaveProperty('idempotency-key');
  });

  it('names itself and its version in the User-Agent (a server runtime: Node here)', async () => {
    const { fetch, calls } = scripted([alerts]);
    await new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).alerts.list();
    expect(USER_AGENT).toBe(`coinsight-sdk-typescript/${VERSION}`);
    expect(calls[0]?.init.headers).toMatchObject({ 'user-agent': USER_AGENT });
    // That VERSION is package.json's: api/src/v1/sdk-package.int.test.ts, on the packed tarball.
  });

  it('exposes the request id and rate-limit state on a non-enumerable meta', async () => {
    const { fetch } = scripted([
      json(
        200,
        { data: [], asOf: 'x' },
        { 'x-request-id': 'req-1', 'ratelimit-limit': '100', 'ratelimit-remaining': '97', 'ratelimit-reset': '42' },
      ),
    ]);
    const answer = await new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).alerts.list();
    expect(answer.meta).toMatchObject({
      requestId: 'req-1',
      status: 200,
      rateLimit: { limit: 100, remaining: 97, resetSeconds: 42 },
      idempotentReplayed: false,
    });
    expect(answer.meta.headers.get('x-request-id')).toBe('req-1');
    // The answer itself stays the API's JSON.
    expect(Object.keys(answer)).toEqual(['data', 'asOf']);
    expect(JSON.parse(JSON.stringify(answer))).toEqual({ data: [], asOf: 'x' });
    expect({ ...answer }).not.toHaveProperty('meta');
  });

  it("reads the rate limit from the legacy trio, else the current draft's RateLimit fields", () => {
    expect(rateLimitOf(new Headers({ 'ratelimit-limit': '60', 'ratelimit-remaining': '0', 'ratelimit-reset': '9' }))).toEqual({
      limit: 60,
      remaining: 0,
      resetSeconds: 9,
    });
    expect(rateLimitOf(new Headers({ ratelimit: '"key";r=12;t=30', 'ratelimit-policy': '"key";q=100;w=60' }))).toEqual({
      limit: 100,
      remaining: 12,
      resetSeconds: 30,
    });
    expect(rateLimitOf(new Headers())).toBeNull();
  });

  it('does not wait out a monthly quota or a Retry-After beyond maxRetryDelayMs', async () => {
    const quota = scripted([apiError(429, 'quota_exceeded', { 'retry-after': '5' }), alerts]);
    await expect(new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: quota.fetch }).alerts.list()).rejects.toMatchObject({
      code: 'quota_exceeded',
      retryAfter: 5,
    });
    expect(quota.calls).toHaveLength(1);
    const long = scripted([apiError(429, 'rate_limited', { 'retry-after': '120' }), alerts]);
    await expect(
      new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: long.fetch, maxRetryDelayMs: 60_000 }).alerts.list(),
    ).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 120 });
    expect(long.calls).toHaveLength(1);
  });

  it("does not retry a hard-capped budget's 402 budget_exceeded", async () => {
    const budget = scripted([apiError(402, 'budget_exceeded'), alerts]);
    await expect(new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: budget.fetch }).alerts.list()).rejects.toMatchObject({
      status: 402,
      code: 'budget_exceeded',
    });
    expect(budget.calls).toHaveLength(1);
  });

  it('iterates every post across cursor pages', async () => {
    const post = (id: string) => ({ _id: id });
    const { fetch, calls } = scripted([
      json(200, { data: [post('3'), post('2')], nextCursor: 'c1', asOf: 'x' }),
      json(200, { data: [post('1')], nextCursor: null, asOf: 'x' }),
    ]);
    const ids: string[] = [];
    for await (const p of new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch }).data.iterate({ limit: 2 })) ids.push(p._id);
    expect(ids).toEqual(['3', '2', '1']);
    expect(calls.map((c) => c.url)).toEqual(['http://h/v1/data?limit=2', 'http://h/v1/data?limit=2&cursor=c1']);
  });

  it("iterates the request log's pages with its filters", async () => {
    const entry = (id: number) => ({ id, status: 404 });
    const { fetch, calls } = scripted([
      json(200, { data: [entry(9), entry(8)], nextCursor: 'c1', asOf: 'x' }),
      json(200, { data: [entry(7)], nextCursor: null, asOf: 'x' }),
    ]);
    const ids: number[] = [];
    const client = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch });
    for await (const e of client.requests.iterate({ status: '4xx', operation: 'getCryptoPrices', limit: 2 })) ids.push(e.id);
    expect(ids).toEqual([9, 8, 7]);
    expect(calls.map((c) => c.url)).toEqual([
      'http://h/v1/usage/requests?status=4xx&operation=getCryptoPrices&limit=2',
      'http://h/v1/usage/requests?status=4xx&operation=getCryptoPrices&limit=2&cursor=c1',
    ]);
  });

  it('needs a key; the base URL defaults to COINSIGHT_BASE_URL, else the public address', () => {
    vi.stubEnv('COINSIGHT_API_KEY', '');
    expect(() => new Coinsight({ baseUrl: 'http://h' })).toThrow(/apiKey is required/);
    vi.stubEnv('COINSIGHT_BASE_URL', '');
    expect(new Coinsight({ apiKey: 'k' }).baseUrl).toBe('https://api.coinsight.dev');
    expect(DEFAULT_BASE_URL).toBe('https://api.coinsight.dev');
    vi.stubEnv('COINSIGHT_BASE_URL', 'http://env.test/');
    vi.stubEnv('COINSIGHT_API_KEY', 'cs_live_env');
    expect(new Coinsight().baseUrl).toBe('http://env.test');
    vi.unstubAllEnvs();
  });
});

describe('the client against the /v1 operation registry (the OpenAPI document)', () => {
  /** Every method of a client: its namespaces' functions and its own public methods. */
  function methodsOf(client: Coinsight): Map<string, (...args: never[]) => unknown> {
    const methods = new Map<string, (...args: never[]) => unknown>();
    for (const [name, value] of Object.entries(client)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const [inner, fn] of Object.entries(value as Record<string, unknown>)) {
        if (typeof fn === 'function') methods.set(`${name}.${inner}`, fn as (...args: never[]) => unknown);
      }
    }
    for (const name of Object.getOwnPropertyNames(Coinsight.prototype)) {
      const fn: unknown = Reflect.get(client, name);
      if (name !== 'constructor' && typeof fn === 'function') methods.set(name, (fn as () => unknown).bind(client));
    }
    return methods;
  }

  const sampleArgs: Record<string, unknown[]> = {
    'crypto.prices': [{ symbols: ['BTC'] }],
    'crypto.history': [{ symbol: 'BTC' }],
    'social.mentions': [{ symbol: 'BTC' }],
    'social.timeseries': [{ symbol: 'BTC' }],
    'watchlist.set': [['BTC']],
    'market.sentiment': [{ symbols: ['BTC'] }],
    'alerts.create': [{ symbol: 'BTC', price: 1, condition: 'above' }],
    'alerts.delete': [7],
  };

  it('every operation has a method and every method calls the operation it names', async () => {
    const { fetch, calls } = scripted(Array.from({ length: 20 }, () => json(200, { data: [], nextCursor: null, asOf: 'x' })));
    const client = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch });
    const methods = methodsOf(client);
    expect([...methods.keys()].sort()).toEqual(Object.keys(OPERATIONS).sort());
    expect([...new Set(Object.values(OPERATIONS))].sort()).toEqual(V1_OPERATIONS.map((op) => op.operationId).sort());
    for (const [name, method] of methods) {
      const before = calls.length;
      const result = (method as (...args: unknown[]) => unknown)(...(sampleArgs[name] ?? []));
      if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
        for await (const _ of result as AsyncIterable<unknown>) break;
      } else await result;
      const call = calls[before];
      expect(call, name).toBeDefined();
      const url = new URL(call!.url);
      const operation = findV1Operation(call!.init.method ?? 'GET', url.pathname);
      expect(operation?.operationId, `${name} → ${call!.init.method} ${url.pathname}`).toBe(OPERATIONS[name as keyof typeof OPERATIONS]);
    }
  });

  it("its types are the contracts' (written out by scripts/generate-types.mjs)", () => {
    expectTypeOf<Prices>().toEqualTypeOf<z.output<typeof v1PricesResponseSchema>>();
    expectTypeOf<Usage>().toEqualTypeOf<z.output<typeof v1UsageResponseSchema>>();
    expectTypeOf<AlertAnswer>().toEqualTypeOf<z.output<typeof v1AlertResponseSchema>>();
    expectTypeOf<CreateAlertInput>().toEqualTypeOf<z.input<typeof v1CreateAlertBodySchema>>();
    expectTypeOf<DataPage>().toEqualTypeOf<z.output<typeof v1DataResponseSchema>>();
    expectTypeOf<z.input<typeof v1DataQuerySchema>>().toExtend<Parameters<Coinsight['data']['list']>[0]>();
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(0, () => 1)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(4000);
    expect(backoffMs(10, () => 1)).toBe(8000);
    expect(backoffMs(3, () => 0.5)).toBe(2000);
  });
});
