import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

// checklist 2
describe(`login throttling (${process.env.TEST_DB})`, () => {
  it('after 5 failures from one address, that account is refused there with 429 and Retry-After', async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 5; i++) expect((await login(body.email, 'Wrong-Guess-1')).statusCode).toBe(401);
    const blocked = await login(body.email, body.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many failed sign-in attempts. Please wait and try again.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('does not lock the owner out from another address before the per-account limit', async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 5; i++) await login(body.email, 'Wrong-Guess-1', '198.51.100.1');
    expect((await login(body.email, body.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('a successful login clears the failures of that account at that address', async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 4; i++) await login(body.email, 'Wrong-Guess-1', '192.0.2.10');
    expect((await login(body.email, body.password, '192.0.2.10')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(body.email, 'Wrong-Guess-1', '192.0.2.10')).statusCode).toBe(401);
    expect((await login(body.email, body.password, '192.0.2.10')).statusCode).toBe(200);
  });

  it('a spread-out attack on one account is stopped by the per-account limit (20 in 15 minutes)', async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 20; i++) await login(body.email, 'Wrong-Guess-1', `192.0.2.${100 + i}`);
    const res = await login(body.email, body.password, '192.0.2.250');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('one address guessing unknown accounts is throttled the same way (no account existence leak)', async () => {
    for (let i = 0; i < 5; i++) await login('ghost@example.com', 'Wrong-Guess-1', '192.0.2.77');
    expect((await login('ghost@example.com', 'Wrong-Guess-1', '192.0.2.77')).statusCode).toBe(429);
  });

  it('limits sign-ups per address (10 an hour)', async () => {
    const attempt = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: `burst_${n}_${Date.now()}`, email: `burst${n}.${Date.now()}@example.com`, password: 'Tr1cky-Lynx-42' },
        remoteAddress: '203.0.113.99',
      });
    for (let n = 0; n < 10; n++) expect((await attempt(n)).statusCode).toBe(201);
    const res = await attempt(10);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
