import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, newAccount, nextAddress, signup } from '../../test/auth.js';

// docs/security.md §1 and §2 over tRPC: batches and the Retry-After header.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const batch = (paths: string[], inputs: unknown[], headers: Record<string, string> = {}, remoteAddress = '192.0.2.40') =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${paths.join(',')}?batch=1`,
    payload: Object.fromEntries(inputs.map((input, i) => [String(i), input])),
    headers,
    remoteAddress,
  });

describe(`tRPC batches (${process.env.TEST_DB})`, () => {
  // docs/security.md §2
  it('refuses a batch of guesses: no password is checked, 400 with a clear message', async () => {
    const { body } = await signup(t.app);
    const guesses = Array.from({ length: 30 }, (_, i) => ({ email: body.email, password: `Wrong-Guess-${i}` }));
    const res = await batch(
      guesses.map(() => 'auth.login'),
      guesses,
    );
    expect(res.statusCode).toBe(400);
    const answers = res.json() as Array<{ error: { message: string } }>;
    expect(answers).toHaveLength(30);
    for (const answer of answers)
      expect(answer.error.message).toBe('Sign-in, sign-up, password and email calls cannot be batched: send each in a request of its own.');
    expect(t.logs.join('')).not.toContain('"auth.login_failed"');
  });

  it.each([
    ['auth.signup', () => newAccount()],
    ['auth.forgotPassword', () => ({ email: newAccount().email })],
    ['auth.resetPassword', () => ({ token: 'some-token', password: 'R3set-Heron-77' })],
    ['auth.requestLoginLink', () => ({ email: newAccount().email })],
    ['auth.signInWithLink', () => ({ token: 'some-token' })],
    ['user.changePassword', () => ({ currentPassword: 'Wrong-Guess-1', newPassword: 'N3w-Otter-Path' })],
  ] as const)('refuses %s in a batch, before running any of it', async (path, input) => {
    const { token } = await signup(t.app);
    const res = await batch([path, path], [input(), input()], bearer(token), nextAddress());
    expect(res.statusCode).toBe(400);
    for (const answer of res.json() as Array<{ error: { message: string } }>) expect(answer.error.message).toMatch(/cannot be batched/);
  });

  it('still answers a lone sign-in sent as a batch of one (what the web client sends)', async () => {
    const { body } = await signup(t.app);
    const res = await batch(['auth.login'], [{ email: body.email, password: body.password }], {}, '192.0.2.41');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].result.data.user.email).toBe(body.email);
  });

  it('caps any batch at 50 calls', async () => {
    const { token } = await signup(t.app);
    const ok = await t.app.inject({ method: 'GET', url: `/trpc/${Array(50).fill('auth.me').join(',')}?batch=1`, headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/trpc/${Array(51).fill('auth.me').join(',')}?batch=1`,
      headers: bearer(token),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('tRPC 429', () => {
  // docs/security.md §2
  it('carries a Retry-After header, as on REST', async () => {
    const { body } = await signup(t.app);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: { email: body.email, password: 'Wrong-Guess-1' },
        remoteAddress: '192.0.2.42',
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.json().error.data.retryAfterSeconds).toBe(retryAfter);
  });
});
