import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_STATEMENT_TIMEOUT_MS, REQUEST_STATEMENT_TIMEOUT_MS } from './plugins/db.js';
import { OVERLOADED_MESSAGE, OVERLOADED_RETRY_AFTER_SECONDS } from './plugins/overload.js';
import { createTestApp, type TestApp } from './test/app.js';
import { createApiKey } from './services/api-keys/keys.js';
import { signup } from './services/auth/signup.js';
import { bearer, newAccount } from './test/auth.js';

// Load shedding (plugins/overload.ts), forced: any event-loop use at all counts as overload.
const postgres = process.env.TEST_DB === 'postgres';
let t: TestApp;
let token: string;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ overload: { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 1e-9, sampleIntervalMs: 20 } });
  // Through the services: the instance sheds HTTP requests from its first sample on.
  const client = { ip: '10.9.9.9', userAgent: 'test' };
  const account = await signup(t.app.deps, newAccount(), { client });
  token = account.token;
  await t.app.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', account.user.id).execute();
  ({ secret } = await createApiKey(t.app.deps, { name: 'overload test' }, { userId: account.user.id }));
});

afterAll(async () => {
  await t?.close();
});

/** Polls until the instance sheds (the first sample comes after `sampleIntervalMs`). */
async function shed(send: () => Promise<LightMyRequestResponse>) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const res = await send();
    if (res.statusCode === 503) return res;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('never shed');
}

describe(`overload (${process.env.TEST_DB})`, () => {
  it('past capacity, REST and tRPC answer a fast 503 with Retry-After in their error shape', async () => {
    const rest = await shed(() => t.app.inject({ method: 'GET', url: '/api/social/twitter', headers: bearer(token) }));
    expect(rest.headers['retry-after']).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
    expect(rest.json()).toEqual({ error: OVERLOADED_MESSAGE });
    const trpc = await shed(() => t.app.inject({ method: 'GET', url: '/trpc/social.quickStats', headers: bearer(token) }));
    expect(trpc.headers['retry-after']).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
  });

  it('/v1 answers the 503 in its own error shape', async () => {
    const res = await shed(() => t.app.inject({ method: 'GET', url: '/v1/market/sentiment?symbol=BTC', headers: bearer(secret) }));
    expect(res.headers['retry-after']).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: OVERLOADED_MESSAGE, requestId: res.headers['x-request-id'] } });
  });

  it('the health check is never shed', async () => {
    await shed(() => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) }));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.runIf(postgres)('a statement of a request running past its statement timeout is cancelled by the database', async () => {
    const seconds = (Math.max(READ_STATEMENT_TIMEOUT_MS, REQUEST_STATEMENT_TIMEOUT_MS) + 500) / 1000;
    await expect(sql`select pg_sleep(${seconds})`.execute(t.app.readDb)).rejects.toMatchObject({ code: '57014' });
    await expect(sql`select pg_sleep(${seconds})`.execute(t.app.db)).rejects.toMatchObject({ code: '57014' });
    // Scheduled work's pool keeps its longer bound.
    await expect(sql`select pg_sleep(${seconds})`.execute(t.app.jobsDb)).resolves.toBeTruthy();
  });
});
