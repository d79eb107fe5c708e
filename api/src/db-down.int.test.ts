import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, signup } from './test/auth.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/users', async () => t.app.db.selectFrom('users').select('id').execute());
  await t.app.ready();
  ({ token } = await signup(t.app));
  // The database goes away under a running server.
  await t.app.db.destroy();
});

afterAll(async () => {
  await t?.close();
});

const UNAVAILABLE = 'The service is temporarily unavailable (database unreachable). Please retry shortly.';

// docs/security.md §22: an outage answers 503 with a clear message and a retry hint, on REST and tRPC alike.
describe(`database unavailable (${process.env.TEST_DB})`, () => {
  it('health answers 503 degraded, without hanging', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', db: 'down' });
    // The check gives the database 2 s. The bound only catches a check that waits on the outage
    // (the test's 30 s timeout would too, less clearly); a loaded machine stays well inside it.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('liveness stays 200 while readiness answers 503 not_ready: an outage takes instances out of the balancer, it does not restart them', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', db: 'down', migrations: 'unknown' });
  });

  it('a request that needs the database fails fast with 503 and a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/users' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: UNAVAILABLE });
  });

  it('a tRPC procedure that needs the database answers SERVICE_UNAVAILABLE with the retry hint, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/blog.list' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: { message: UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, retryAfterSeconds: 5 } },
    });
  });

  it('a signed-in tRPC call, whose session is checked before any procedure runs, answers the same', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: { message: UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, retryAfterSeconds: 5 } },
    });
  });
});
