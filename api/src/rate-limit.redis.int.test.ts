import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REDIS_COUNTING_TIMEOUT_MS, type TestApp } from './test/app.js';
import { newAccount, nextAddress } from './test/auth.js';
import { answerWithin, HUNG, startSilentProxy, type SilentProxy } from './test/silent-proxy.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Redis keeps counters between runs: a fixed address would meet its own per-address limit.
const address = `198.51.100.${randomInt(1, 255)}`;
const login = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong-Guess-1' }, remoteAddress: address });

describe.runIf(redisUrl)(`rate limits in Redis (${process.env.TEST_DB})`, () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ redisUrl }, { redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    b = await createTestApp({ redisUrl }, { redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two instances share the counters: failures on one are counted on the other', async () => {
    const email = `shared.${randomBytes(6).toString('hex')}@example.com`;
    for (let i = 0; i < 3; i++) expect((await login(a, email)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(b, email)).statusCode).toBe(401);
    expect((await login(a, email)).statusCode).toBe(429);
    expect((await login(b, email)).statusCode).toBe(429);
  });
});

describe(`rate limits when Redis is down (${process.env.TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis call fails at once.
    t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('requests neither hang nor fail: each instance falls back to its own counters', async () => {
    const email = `offline.${randomBytes(6).toString('hex')}@example.com`;
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect((await login(t, email)).statusCode).toBe(401);
    expect((await login(t, email)).statusCode).toBe(429);
    // Waiting on Redis would mean queueing until it came back: a hang, not a slow answer. Six
    // logins on a loaded machine stay far inside this; a hang would not.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

// docs/security.md §18 (Redis down) and 22: Redis keeps its connections open and answers nothing.
describe.runIf(redisUrl)(`a silent Redis (${process.env.TEST_DB})`, () => {
  // The silence would last a minute; an answer well inside it is the fallback working, not a hang.
  const BOUND_MS = 10_000;
  let proxy: SilentProxy;
  let t: TestApp;

  beforeAll(async () => {
    const server = new URL(redisUrl ?? '');
    proxy = await startSilentProxy({ host: server.hostname, port: Number(server.port || 6379) });
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${proxy.port}` });
    // Connected and ready before the silence, as a server that has been running would be.
    expect(await redisStatus(t, 'up')).toBe('up');
  });

  afterAll(async () => {
    proxy?.resume();
    await t?.close();
    await proxy?.close();
  });

  it('sign-up, sign-in and forgot-password answer on per-instance counters; health says degraded but stays up', async () => {
    proxy.silence();
    const account = newAccount();
    const signup = await answerWithin(
      t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: account, remoteAddress: nextAddress() }),
      BOUND_MS,
    );
    if (signup === HUNG) throw new Error('sign-up waited for Redis');
    expect(signup.statusCode).toBe(201);

    const login = await answerWithin(
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
        remoteAddress: nextAddress(),
      }),
      BOUND_MS,
    );
    if (login === HUNG) throw new Error('sign-in waited for Redis');
    expect(login.statusCode).toBe(200);

    const forgot = await answerWithin(
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email }, remoteAddress: nextAddress() }),
      BOUND_MS,
    );
    if (forgot === HUNG) throw new Error('forgot-password waited for Redis');
    expect(forgot.statusCode).toBe(200);

    // Guesses are still limited, by this instance alone.
    const email = `silent.${randomBytes(6).toString('hex')}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login401(t, email)).statusCode).toBe(401);
    expect((await login401(t, email)).statusCode).toBe(429);

    const health = await answerWithin(t.app.inject({ method: 'GET', url: '/api/health' }), BOUND_MS);
    if (health === HUNG) throw new Error('health waited for Redis');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', db: 'up', redis: 'down' });
    const trpcHealth = await t.app.inject({ method: 'GET', url: '/trpc/system.health' });
    expect(trpcHealth.json()).toMatchObject({ result: { data: { status: 'degraded', db: 'up', redis: 'down' } } });

    proxy.resume();
    expect(await redisStatus(t, 'up')).toBe('up');
  }, 120_000);
});

/** Health's Redis status once it reads `wanted`, or the last one seen after some seconds. */
async function redisStatus(t: TestApp, wanted: string): Promise<string | undefined> {
  let redis: string | undefined;
  for (let attempt = 0; attempt < 40 && redis !== wanted; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    redis = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ redis?: string }>().redis;
  }
  return redis;
}

const login401 = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong-Guess-1' }, remoteAddress: '203.0.113.77' });
