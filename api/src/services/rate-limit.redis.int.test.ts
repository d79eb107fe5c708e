import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

const login = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong-Guess-1' }, remoteAddress: '203.0.113.50' });

describe.runIf(redisUrl)(`rate limits in Redis (${process.env.TEST_DB})`, () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ redisUrl });
    b = await createTestApp({ redisUrl });
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
