import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS } from '../services/auth/tokens.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';
import { MALFORMED_KEY_MESSAGE } from '../v1/auth.js';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
});

afterAll(async () => {
  await t?.close();
});

/** The claims of a real session, signed with the real secret: only `exp` differs. */
async function tokensOfOneSession() {
  const { token, user } = await signup(t.app);
  const claims = jwt.decode(token) as { sub: string; jti: string; ver: number; exp: number };
  const sign = (options: jwt.SignOptions) =>
    jwt.sign({ ver: claims.ver }, SECRET, { algorithm: 'HS256', subject: claims.sub, jwtid: claims.jti, ...options });
  return { user, issued: token, claims, withoutExp: sign({}), withExp: sign({ expiresIn: SESSION_TTL_SECONDS }) };
}

describe(`session tokens must expire (${process.env.TEST_DB})`, () => {
  it('docs/security.md §7: every session token the server signs carries exp, 7 days ahead', async () => {
    const { claims } = await tokensOfOneSession();
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(SESSION_TTL_SECONDS - 120);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
  });

  it('docs/security.md §7: a validly signed token without exp gets 401 on REST, while the same claims with exp get in', async () => {
    const { withoutExp, withExp } = await tokensOfOneSession();
    expect(jwt.decode(withoutExp)).not.toHaveProperty('exp');
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(withoutExp) });
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ error: 'Please sign in to continue.' });
    for (const [method, url] of [
      ['GET', '/api/social/search?q=btc'],
      ['GET', '/api/tasks/tsk_0/download'],
      ['PUT', '/api/users/profile'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(withoutExp), ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(withExp) })).statusCode).toBe(200);
  });

  it('docs/security.md §7: tRPC refuses it (UNAUTHORIZED on a protected call, anonymous on auth.me)', async () => {
    const { withoutExp, withExp } = await tokensOfOneSession();
    const keys = await t.app.inject({ method: 'GET', url: '/trpc/apiKeys.list', headers: bearer(withoutExp) });
    expect(keys.statusCode).toBe(401);
    expect(keys.json()).toMatchObject({ error: { data: { code: 'UNAUTHORIZED' } } });
    const me = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: bearer(withoutExp) });
    expect(me.json()).toMatchObject({ result: { data: null } });
    expect((await t.app.inject({ method: 'GET', url: '/trpc/apiKeys.list', headers: bearer(withExp) })).statusCode).toBe(200);
  });

  it('docs/security.md §7: /v1 takes no session token, with or without exp (API keys only)', async () => {
    const { withoutExp, issued } = await tokensOfOneSession();
    for (const token of [withoutExp, issued]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/crypto/prices', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(JSON.stringify(res.json())).toContain(MALFORMED_KEY_MESSAGE);
    }
  });
});
