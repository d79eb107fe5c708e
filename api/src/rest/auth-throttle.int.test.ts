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

// docs/security.md §2, §27
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

  it('docs/security.md §27: past the per-account bound (20 in 15 minutes) every address that guessed is refused, and a fresh one gets its password checked', async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 20; i++) expect((await login(body.email, 'Wrong-Guess-1', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    // An address that guessed once now gets 429, even with the right password.
    const guesser = await login(body.email, body.password, '192.0.2.100');
    expect(guesser.statusCode).toBe(429);
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(0);
    // A fresh address gets one check: a wrong guess is 401, and its next attempt is refused.
    expect((await login(body.email, 'Wrong-Guess-2', '192.0.2.240')).statusCode).toBe(401);
    expect((await login(body.email, body.password, '192.0.2.240')).statusCode).toBe(429);
    // The owner, from where they have not failed, signs in.
    expect((await login(body.email, body.password, '192.0.2.250')).statusCode).toBe(200);
  });

  it('one address guessing unknown accounts is throttled the same way (no account existence leak)', async () => {
    for (let i = 0; i < 5; i++) await login('ghost@example.com', 'Wrong-Guess-1', '192.0.2.77');
    expect((await login('ghost@example.com', 'Wrong-Guess-1', '192.0.2.77')).statusCode).toBe(429);
  });
});
