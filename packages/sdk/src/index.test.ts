import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, Coinsight, CoinsightError, retryAfterMs } from './index.js';

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

  it('does not retry a POST without an Idempotency-Key, and does with one', async () => {
    vi.useFakeTimers();
    const body = { symbol: 'BTC', price: 1, condition: 'above' as const };
    const first = scripted([apiError(503, 'unavailable', { 'retry-after': '0' }), json(201, { alert: {}, asOf: 'x' })]);
    const client = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: first.fetch });
    await expect(client.alerts.create(body)).rejects.toMatchObject({ status: 503 });
    expect(first.calls).toHaveLength(1);

    const second = scripted([apiError(503, 'unavailable', { 'retry-after': '0' }), json(201, { alert: {}, asOf: 'x' })]);
    const keyed = new Coinsight({ apiKey: 'k', baseUrl: 'http://h', fetch: second.fetch });
    const answer = keyed.alerts.create(body, { idempotencyKey: 'order-1' });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toEqual({ alert: {}, asOf: 'x' });
    expect(second.calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key'])).toEqual(['order-1', 'order-1']);
    expect(second.calls[0]?.init.body).toBe(JSON.stringify(body));
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

  it("issue 22.4: does not retry a hard-capped budget's 402 budget_exceeded", async () => {
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

  it('needs a key and a base URL', () => {
    vi.stubEnv('COINSIGHT_API_KEY', '');
    expect(() => new Coinsight({ baseUrl: 'http://h' })).toThrow(/apiKey is required/);
    vi.stubEnv('COINSIGHT_BASE_URL', '');
    expect(() => new Coinsight({ apiKey: 'k' })).toThrow(/baseUrl is required/);
    vi.stubEnv('COINSIGHT_BASE_URL', 'http://env.test');
    expect(new Coinsight({ apiKey: 'k' }).baseUrl).toBe('http://env.test');
    vi.unstubAllEnvs();
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
