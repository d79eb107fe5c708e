import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REDIS_COUNTING_TIMEOUT_MS, type TestApp } from '../test/app.js';
import { newAccount, signup } from '../test/auth.js';

/** The same account on both instances (each has its own database; the counters are shared). */
async function accountOnBoth(a: TestApp, b: TestApp) {
  const body = newAccount();
  await signup(a.app, body);
  await signup(b.app, body);
  return body;
}

const redisUrl = process.env.TEST_REDIS_URL;

// docs/security.md §2: consume-first holds when the counters live in Redis and two instances share them.
describe.runIf(redisUrl)(`concurrent login guesses with Redis counters (${process.env.TEST_DB})`, () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ redisUrl }, { redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    b = await createTestApp({ redisUrl }, { redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    // Two embedded databases take a while on a loaded machine.
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('100 simultaneous guesses spread over two instances: at most 5 are checked, the rest get 429', async () => {
    const body = await accountOnBoth(a, b);
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: body.email, password: `Wrong-Guess-${i}` },
          remoteAddress: address,
        }),
      ),
    );
    const throttled = answers.filter((res) => res.statusCode === 429);
    expect(answers.length - throttled.length).toBeLessThanOrEqual(5);
    for (const res of throttled) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('successes give their attempt back in Redis too', async () => {
    const body = await accountOnBoth(a, b);
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    for (let i = 0; i < 25; i++) {
      const res = await (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
