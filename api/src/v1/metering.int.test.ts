import { FREE_CALLS_PER_MONTH, formatUsd, type ApiKey, type BillingSummary } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { parseList } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPlan } from '../services/billing/subscriptions/plan-changes.js';
import { monthOf } from '../services/billing/period.js';
import { createTestApp, REDIS_COUNTING_TIMEOUT_MS, type TestApp } from '../test/app.js';
import { bearer, nextAddress, signup } from '../test/auth.js';
import { expectDocumented } from '../test/v1.js';
import { insertKey, presetFreeCalls } from '../test/keys.js';
import { quotaMessage, rateLimitMessage } from './metering.js';
import type { V1UsageAnswer } from './routes/usage.js';

// Limits, the exact monthly quota and metering, on PGlite and PostgreSQL;
// with in-process counters, and with Redis too when TEST_REDIS_URL is set (as CI runs it).
const redisUrl = process.env.TEST_REDIS_URL;
const modes: Array<[string, string | undefined]> = [
  ['in-process counters', undefined],
  ...(redisUrl ? [['Redis', redisUrl] as [string, string]] : []),
];

type Inject = TestApp['app']['inject'];
type Res = Awaited<ReturnType<Inject>>;

/**
 * A Structured Field List of named policies (RFC 9651, as the RateLimit draft writes them), parsed
 * by a library that knows nothing of this server: name → its parameters. Throws on bad syntax.
 */
function namedItems(value: string | string[] | number | undefined): Map<string, Record<string, unknown>> {
  expect(typeof value, 'header present').toBe('string');
  const items = new Map<string, Record<string, unknown>>();
  for (const [name, params] of parseList(String(value))) {
    expect(typeof name, 'each policy is named by a String').toBe('string');
    if (Array.isArray(name)) throw new Error('no inner lists expected');
    items.set(String(name), Object.fromEntries(params));
  }
  return items;
}

/** RateLimit-Policy and RateLimit of an answer, parsed. */
function rateLimitFields(res: Res) {
  return { policy: namedItems(res.headers['ratelimit-policy']), state: namedItems(res.headers['ratelimit']) };
}

function expectRateLimitHeaders(res: Res, limit: number) {
  expect(res.headers['ratelimit-limit']).toBe(String(limit));
  expect(Number(res.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
  // The current draft's fields beside the trio: the per-minute policies at the same limit, and the key's state.
  const { policy, state } = rateLimitFields(res);
  expect(policy.get('key')).toEqual({ q: limit, w: 60 });
  expect(policy.get('account')).toEqual({ q: limit, w: 60 });
  expect(state.get('key')).toEqual({ r: expect.any(Number), t: expect.any(Number) });
  expect(state.get('key')!.t).toBeGreaterThanOrEqual(1);
  expect(state.get('key')!.t).toBeLessThanOrEqual(60);
}

/** Seconds in the UTC month holding `now`: the monthly policy's window. */
const monthSeconds = (now = new Date()) => {
  const { start, end } = monthOf(now);
  return (end.getTime() - start.getTime()) / 1000;
};

describe.each(modes)(`/v1 limits and metering with %s (${process.env.TEST_DB})`, (_mode, redis) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ redisUrl: redis }, { redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    await seedAssets(t.app.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expectDocumented('GET', url, res);
    return res;
  };
  const usage = async (headers: Record<string, string>) => {
    const res = await get('/v1/usage', headers);
    expect(res.statusCode).toBe(200);
    return res.json<V1UsageAnswer>();
  };
  async function account() {
    const { user, token } = await signup(t.app);
    const key = await insertKey(t.app.db, user.id);
    return { user, token, key };
  }
  async function trpc<T>(path: string, token: string, input?: Record<string, unknown>): Promise<T> {
    const res =
      input === undefined
        ? await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: bearer(token) })
        : await t.app.inject({
            method: 'POST',
            url: `/trpc/${path}`,
            headers: bearer(token),
            payload: input,
            remoteAddress: nextAddress(),
          });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { data: T } }>().result.data;
  }

  it('puts RateLimit-* headers on every authenticated answer, 2xx or not; Remaining counts down', async () => {
    const { key } = await account();
    const answers = [
      await get('/v1/crypto/prices?symbols=BTC,eth', key.headers),
      await get('/v1/crypto/prices?symbols=BTC,NOPE', key.headers),
      await get('/v1/crypto/prices', key.headers),
      await get('/v1/no-such-route', key.headers),
      await get('/v1/usage', key.headers),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 400, 404, 200]);
    for (const res of answers) expectRateLimitHeaders(res, 100);
    expect(answers.map((r) => Number(r.headers['ratelimit-remaining']))).toEqual([99, 98, 97, 96, 95]);
    expect(answers[1]!.json().error).toMatchObject({ code: 'bad_request', message: 'Unknown symbol: NOPE', symbols: ['NOPE'] });
    const prices = answers[0]!.json<{ prices: Array<{ symbol: string }>; asOf: string }>();
    expect(prices.prices.map((p) => p.symbol)).toEqual(['BTC', 'ETH']);
    expect(prices.prices[0]).toEqual(expect.objectContaining({ name: 'Bitcoin', price: null, change24h: null, asOf: null }));
    expect(Date.parse(prices.asOf)).not.toBeNaN();
    // Without a key there is nothing to count against: a 401 carries no RateLimit headers.
    const anonymous = await get('/v1/usage', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['ratelimit-limit']).toBeUndefined();
  });

  it('RateLimit-Policy and RateLimit name the key, account and monthly policies and count down, as structured fields', async () => {
    const { user, key } = await account();
    // The month's reset is seconds from each answer to the month's end: at most those from before the first call.
    const untilMonthEnd = (monthOf(new Date()).end.getTime() - Date.now()) / 1000;
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await get('/v1/crypto/prices?symbols=BTC', key.headers));
    expect(calls.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const res of calls) {
      expect(rateLimitFields(res).policy).toEqual(
        new Map([
          ['key', { q: 100, w: 60 }],
          ['account', { q: 100, w: 60 }],
          ['month', { q: FREE_CALLS_PER_MONTH, w: monthSeconds() }],
        ]),
      );
    }
    const states = calls.map((res) => rateLimitFields(res).state);
    expect(states.map((state) => [...state.keys()])).toEqual([
      ['key', 'account', 'month'],
      ['key', 'account', 'month'],
      ['key', 'account', 'month'],
    ]);
    expect(states.map((state) => state.get('key')!.r)).toEqual([99, 98, 97]);
    expect(states.map((state) => state.get('account')!.r)).toEqual([99, 98, 97]);
    expect(states.map((state) => state.get('month')!.r)).toEqual([999, 998, 997]);
    for (const state of states) {
      expect(state.get('account')!.t).toBeLessThanOrEqual(60);
      expect(state.get('month')!.t).toBeGreaterThanOrEqual(1);
      expect(state.get('month')!.t).toBeLessThanOrEqual(Math.ceil(untilMonthEnd) + 1);
    }
    // The legacy trio says the same as the tighter counter.
    expect(calls.map((res) => res.headers['ratelimit-remaining'])).toEqual(['99', '98', '97']);

    // Another key of the account: its own minute starts afresh, the account's goes on.
    const second = await insertKey(t.app.db, user.id, 'second');
    const other = rateLimitFields(await get('/v1/crypto/prices?symbols=ETH', second.headers)).state;
    expect([other.get('key')!.r, other.get('account')!.r, other.get('month')!.r]).toEqual([99, 96, 996]);

    // A handler's 400 gives its count back, so the month is where it was; a 404 and /v1/usage count
    // nothing against the month, so they give the minute's policies only.
    const refused = await get('/v1/crypto/prices?symbols=NOPE', key.headers);
    expect(refused.statusCode).toBe(400);
    expect(rateLimitFields(refused).state.get('month')!.r).toBe(996);
    for (const res of [await get('/v1/no-such-route', key.headers), await get('/v1/usage', key.headers)]) {
      const { policy, state } = rateLimitFields(res);
      expect(policy.has('month')).toBe(true);
      expect([...state.keys()]).toEqual(['key', 'account']);
    }
    expect(rateLimitFields(await get('/v1/crypto/prices?symbols=BTC', key.headers)).state.get('month')!.r).toBe(995);
  });

  it('on Pro the policies are 1,000 a minute and there is no monthly one', async () => {
    const { user, key } = await account();
    await grantPlan(t.app.deps, { email: user.email, plan: 'pro', operator: 'test' });
    const res = await get('/v1/crypto/prices?symbols=BTC', key.headers);
    expect(res.statusCode).toBe(200);
    const { policy, state } = rateLimitFields(res);
    expect(policy).toEqual(
      new Map([
        ['key', { q: 1_000, w: 60 }],
        ['account', { q: 1_000, w: 60 }],
      ]),
    );
    expect([...state.keys()]).toEqual(['key', 'account']);
    expect(state.get('key')!.r).toBe(999);
  });

  it("refuses a key's 101st request in a minute with 429 rate_limited, Retry-After and the limit named", async () => {
    const { key } = await account();
    for (let i = 0; i < 100; i++) expect((await get('/v1/no-such-route', key.headers)).statusCode).toBe(404);
    const res = await get('/v1/usage', key.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message: rateLimitMessage(100, 'key'), requestId: res.headers['x-request-id'] },
    });
    expect(res.json().error.message).toBe('Rate limit of 100 requests per minute exceeded for this API key');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expectRateLimitHeaders(res, 100);
    // The key's policy is the one spent; its refusal was not counted on the account's.
    const { state } = rateLimitFields(res);
    expect(state.get('key')).toEqual({ r: 0, t: Number(res.headers['retry-after']) });
    expect(state.has('account')).toBe(false);
  });

  it("counts every key of an account against the account's limit", async () => {
    const { user, key } = await account();
    const second = await insertKey(t.app.db, user.id, 'second');
    for (let i = 0; i < 60; i++) expect((await get('/v1/no-such-route', key.headers)).statusCode).toBe(404);
    for (let i = 0; i < 40; i++) expect((await get('/v1/no-such-route', second.headers)).statusCode).toBe(404);
    const res = await get('/v1/usage', second.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Rate limit of 100 requests per minute exceeded for this account',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await get('/v1/usage', key.headers)).json().error.message).toBe(rateLimitMessage(100, 'account'));
    // Another account is not touched.
    const other = await account();
    expect((await get('/v1/usage', other.key.headers)).statusCode).toBe(200);
  });

  it("refuses on the account's limit even when the key has exactly used its own", async () => {
    const { user, key } = await account();
    const second = await insertKey(t.app.db, user.id, 'second');
    for (let i = 0; i < 99; i++) expect((await get('/v1/no-such-route', key.headers)).statusCode).toBe(404);
    expect((await get('/v1/no-such-route', second.headers)).statusCode).toBe(404);
    // The key's 100th request is within its limit; the account's 101st is not.
    const res = await get('/v1/usage', key.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(rateLimitMessage(100, 'account'));
    expect(res.headers['ratelimit-remaining']).toBe('0');
  });

  it('holds the monthly quota exactly: 990 used + 50 concurrent calls → exactly 10 succeed, and usage says 1,000', async () => {
    const { user, key, token } = await account();
    await presetFreeCalls(t.app.db, user.id, key.id, 990);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/v1/crypto/prices?symbols=BTC', key.headers)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    const end = monthOf(new Date()).end;
    for (const res of refused) {
      expect(res.json().error).toMatchObject({ code: 'quota_exceeded', message: quotaMessage(end), quota: FREE_CALLS_PER_MONTH });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expectRateLimitHeaders(res, 100);
      expect(rateLimitFields(res).state.get('month')).toEqual({ r: 0, t: expect.any(Number) });
    }
    for (const res of ok) expect(rateLimitFields(res).state.get('month')!.r).toBeLessThanOrEqual(9);
    expect(refused[0]!.json().error.message).toBe(
      `Monthly quota of 1,000 calls reached on the Free plan; it resets on ${end.toISOString().slice(0, 10)} UTC. Upgrade to Pro to continue.`,
    );
    const seen = await usage(key.headers);
    expect(seen).toMatchObject({ plan: 'free', calls: 1_000, quota: 1_000, remaining: 0, billedCalls: 0, costMicros: 0, costUsd: '$0.00' });
    expect(seen.key).toEqual({ id: key.id, name: 'test key', calls: 1_000 });
    // The settings list reads the same store.
    const [listed] = await trpc<ApiKey[]>('apiKeys.list', token);
    expect(listed?.callsThisMonth).toBe(1_000);
  });

  it('counts calls of many accounts arriving together exactly, each account on its own (they share statements)', async () => {
    // Three Free accounts 4 calls under the quota, two Pro accounts, two keys on one of them:
    // 12 concurrent calls each, interleaved, so every batch mixes accounts and repeats some.
    const free = await Promise.all([account(), account(), account()]);
    for (const a of free) await presetFreeCalls(t.app.db, a.user.id, a.key.id, FREE_CALLS_PER_MONTH - 4);
    const pro = await Promise.all([account(), account()]);
    for (const a of pro) await grantPlan(t.app.deps, { email: a.user.email, plan: 'pro', operator: 'test' });
    const secondKey = await insertKey(t.app.db, pro[0]!.user.id);
    const callers = [...free.map((a) => a.key), ...pro.map((a) => a.key), secondKey];
    const rounds = Array.from({ length: 12 }, () => callers).flat();
    const answers = await Promise.all(rounds.map((key) => get('/v1/crypto/prices?symbols=BTC', key.headers)));
    const okBy = (index: number) => answers.filter((r, i) => i % callers.length === index && r.statusCode === 200).length;
    expect([0, 1, 2].map(okBy)).toEqual([4, 4, 4]);
    expect([3, 4, 5].map(okBy)).toEqual([12, 12, 12]);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 429 && r.json().error.code === 'quota_exceeded')).toBe(
      true,
    );
    for (const a of free) expect(await usage(a.key.headers)).toMatchObject({ calls: FREE_CALLS_PER_MONTH, remaining: 0 });
    const first = await usage(pro[0]!.key.headers);
    expect(first).toMatchObject({ plan: 'pro', calls: 24, billedCalls: 24 });
    expect(first.key.calls).toBe(12);
    expect((await usage(secondKey.headers)).key.calls).toBe(12);
    expect(await usage(pro[1]!.key.headers)).toMatchObject({ calls: 12, billedCalls: 12 });
  });

  it('bills only 2xx: a 400 and a 404 give their count back; /v1/usage is never counted', async () => {
    const { key } = await account();
    expect((await get('/v1/crypto/prices?symbols=BTC', key.headers)).statusCode).toBe(200);
    expect((await get('/v1/crypto/prices?symbols=ZZZ', key.headers)).statusCode).toBe(400);
    expect((await get('/v1/crypto/prices?symbols=', key.headers)).statusCode).toBe(400);
    expect((await get('/v1/nothing/here', key.headers)).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) await usage(key.headers);
    const seen = await usage(key.headers);
    expect(seen.calls).toBe(1);
    expect(seen.key.calls).toBe(1);
    expect(seen.remaining).toBe(999);
    const rows = await t.app.db.selectFrom('api_usage_hourly').select(['calls']).where('key_id', '=', key.id).execute();
    expect(rows.reduce((sum, r) => sum + r.calls, 0)).toBe(1);
  });

  it('a free account past its quota can still read its usage', async () => {
    const { user, key } = await account();
    await presetFreeCalls(t.app.db, user.id, key.id, 1_000);
    expect((await get('/v1/crypto/prices?symbols=BTC', key.headers)).json().error.code).toBe('quota_exceeded');
    expect(await usage(key.headers)).toMatchObject({ calls: 1_000, remaining: 0 });
  });

  it('records a plan change, which applies from the next call: Pro lifts the quota and bills every call', async () => {
    const { user, key, token } = await account();
    await presetFreeCalls(t.app.db, user.id, key.id, 1_000);
    expect((await get('/v1/crypto/prices?symbols=BTC', key.headers)).statusCode).toBe(429);

    // Pro is never given by the web app; here the operator grants it (pnpm admin grant-plan).
    await grantPlan(t.app.deps, { email: user.email, plan: 'pro', operator: 'test' });
    const upgraded = await trpc<BillingSummary>('billing.summary', token);
    expect(upgraded.usage).toMatchObject({ plan: 'pro', quota: null, remaining: null });
    expect(upgraded.planChanges).toEqual([{ from: 'free', to: 'pro', at: expect.any(String) }]);
    const stored = await t.app.db.selectFrom('plan_changes').select(['from_plan', 'to_plan']).where('user_id', '=', user.id).execute();
    expect(stored).toEqual([{ from_plan: 'free', to_plan: 'pro' }]);

    const res = await get('/v1/crypto/prices?symbols=BTC', key.headers);
    expect(res.statusCode).toBe(200);
    expectRateLimitHeaders(res, 1_000);
    expect((await get('/v1/crypto/prices?symbols=ETH', key.headers)).statusCode).toBe(200);
    const seen = await usage(key.headers);
    expect(seen).toMatchObject({ plan: 'pro', calls: 1_002, billedCalls: 2, costMicros: 300, costUsd: formatUsd(300) });

    // Choosing the current plan records nothing; downgrading is recorded and Free's quota is back.
    await trpc<BillingSummary>('billing.changePlan', token, { plan: 'pro' });
    const downgraded = await trpc<BillingSummary>('billing.changePlan', token, { plan: 'free' });
    expect(downgraded.planChanges.map((c) => `${c.from}>${c.to}`)).toEqual(['pro>free', 'free>pro']);
    expect((await get('/v1/crypto/prices?symbols=BTC', key.headers)).json().error.code).toBe('quota_exceeded');
  });

  it('refuses a plan that does not exist, naming the field', async () => {
    const { token } = await account();
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/billing.changePlan',
      headers: bearer(token),
      payload: { plan: 'enterprise' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('plan must be one of: free, pro');
  });

  it('the billing tab and /v1/usage show the same numbers, per key too', async () => {
    const { user, key, token } = await account();
    const second = await insertKey(t.app.db, user.id, 'second');
    for (let i = 0; i < 3; i++) expect((await get('/v1/crypto/prices?symbols=BTC', key.headers)).statusCode).toBe(200);
    expect((await get('/v1/crypto/prices?symbols=SOL', second.headers)).statusCode).toBe(200);
    const fromApi = await usage(key.headers);
    const fromWeb = await trpc<BillingSummary>('billing.summary', token);
    const { asOf: _a, key: own, ...apiFigures } = fromApi;
    const { asOf: _b, ...webFigures } = fromWeb.usage;
    expect(webFigures).toEqual(apiFigures);
    expect(apiFigures).toMatchObject({ calls: 4, remaining: 996 });
    expect(fromWeb.keys).toEqual([
      { id: key.id, name: 'test key', prefix: expect.any(String), deleted: false, calls: own.calls },
      { id: second.id, name: 'second', prefix: expect.any(String), deleted: false, calls: 1 },
    ]);
    expect(fromWeb.daily.reduce((sum, d) => sum + d.calls, 0)).toBe(4);
    expect(fromWeb.daily.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), calls: 4 });
    expect(fromWeb.daily[0]?.day).toBe(fromWeb.usage.periodStart.slice(0, 10));
  });
});

// docs/security.md §18: with Redis unreachable the /v1 limits fall back to per-instance counters, as every
// other limit does: calls neither hang nor fail, and past the limit they are still refused.
describe(`/v1 limits when Redis is down (${process.env.TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis call fails at once.
    t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers with RateLimit-* headers from this instance, and refuses the 101st request', async () => {
    const { user } = await signup(t.app);
    const key = await insertKey(t.app.db, user.id);
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: key.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(String(99 - i));
    }
    const refused = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: key.headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expectDocumented('GET', '/v1/usage', refused);
  });
});
