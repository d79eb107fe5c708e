import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../services/auth/session-cache.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, GOOD_PASSWORD, signup } from '../test/auth.js';

// Verified sessions are cached per instance (services/auth/session-cache.ts): the instance that
// revokes forgets at once; another instance notices within SESSION_CACHE_TTL_MS.
const postgres = process.env.TEST_DB === 'postgres';
let a: TestApp;
let b: TestApp | undefined;

beforeAll(async () => {
  a = await createTestApp();
  // A second instance on the same PostgreSQL database, as behind a load balancer (an in-memory
  // PGlite belongs to one process).
  if (postgres) {
    const shared = a.app.config.db;
    b = await createTestApp({}, { dbVia: () => shared });
  }
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });

/** Polls until `t` refuses the token; a generous ceiling, far above the stated bound, for a loaded machine. */
async function refusedWithin(t: TestApp, token: string, ceilingMs = 20 * SESSION_CACHE_TTL_MS + 10_000) {
  for (const deadline = Date.now() + ceilingMs; Date.now() < deadline;) {
    if ((await me(t, token)).statusCode === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe(`verified-session cache (${process.env.TEST_DB})`, () => {
  it('a logout is refused on the next request of the instance that did it, cached or not', async () => {
    const { token } = await signup(a.app);
    // Twice: the second answer comes from the cache.
    expect((await me(a, token)).statusCode).toBe(200);
    expect((await me(a, token)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(a, token)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions at once on the same instance', async () => {
    const { token, body } = await signup(a.app);
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    const second = (other.json() as { token: string }).token;
    expect((await me(a, second)).statusCode).toBe(200);
    const changed = await a.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(token),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'Brisk-Otter-77-new' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(a, second)).statusCode).toBe(401);
    expect((await me(a, (changed.json() as { token: string }).token)).statusCode).toBe(200);
  });

  it('a profile change shows on the next request, not a cached copy', async () => {
    const { token, user } = await signup(a.app);
    expect((await me(a, token)).json()).toMatchObject({ username: user.username });
    const username = `${user.username}_2`.slice(0, 30);
    const updated = await a.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { username, email: user.email, socialAccounts: {} },
    });
    expect(updated.statusCode).toBe(200);
    expect((await me(a, token)).json()).toMatchObject({ username });
  });

  it.runIf(postgres)('a logout on instance A reaches instance B within the bound', async () => {
    const { token } = await signup(a.app);
    expect((await me(b!, token)).statusCode).toBe(200);
    expect((await me(b!, token)).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await me(a, token)).statusCode).toBe(401);
    expect(await refusedWithin(b!, token)).toBe(true);
  });
});
