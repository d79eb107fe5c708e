import { SERVICE_BUSY_MESSAGE, SERVICE_BUSY_RETRY_AFTER_SECONDS } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, signup } from './test/auth.js';
import { v1Account } from './test/v1.js';

const RETRY_AFTER = String(SERVICE_BUSY_RETRY_AFTER_SECONDS);

/** Log lines as objects. */
const logLines = (t: TestApp) =>
  t.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * Holds the pool's one connection in a transaction of short statements, so the database keeps
 * answering while nothing comes free: a busy pool, not a silent database. `run` goes while held.
 */
async function whileHeld<T>(db: Db, run: () => Promise<T>): Promise<T> {
  let holding = true;
  let started!: () => void;
  const holds = new Promise<void>((resolve) => (started = resolve));
  const held = db.transaction().execute(async (trx) => {
    started();
    while (holding) await sql`select pg_sleep(0.05)`.execute(trx);
  });
  await holds;
  try {
    return await run();
  } finally {
    holding = false;
    await held;
  }
}

// Pool waits (plugins/db.ts, packages/db's PoolBusyError): the embedded database has no pool.
describe.runIf(process.env.TEST_DB === 'postgres')('a pool whose wait runs out (postgres)', () => {
  let t: TestApp;
  let token: string;
  let apiKey: string;

  beforeAll(async () => {
    // One connection a pool: a statement holding it makes every other request wait for it.
    t = await createTestApp({}, { dbPools: { requestPoolSize: 1, readPoolSize: 1 } });
    ({ token } = await signup(t.app));
    ({ secret: apiKey } = await v1Account(t.app));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('docs/security.md §22: no free connection while the database answers is a busy 503 with Retry-After on REST, tRPC and /v1, logged in aggregate and not as an error per request', async () => {
    const auth = bearer(token);
    // The social reads' pool held: REST and tRPC lists wait for it (their session comes from the requests' pool).
    const reads = await whileHeld(t.app.readDb, () =>
      Promise.all([
        t.app.inject({ method: 'GET', url: '/api/social/twitter', headers: auth }),
        t.app.inject({ method: 'GET', url: '/api/social/facebook?page=2', headers: auth }),
        t.app.inject({ method: 'GET', url: '/api/social/search?q=bitcoin', headers: auth }),
        t.app.inject({ method: 'GET', url: '/trpc/social.quickStats', headers: auth }),
        t.app.inject({
          method: 'GET',
          url: `/trpc/social.list.twitter?input=${encodeURIComponent(JSON.stringify({ page: 3 }))}`,
          headers: auth,
        }),
      ]),
    );
    // The requests' pool held: /v1's key lookup waits for it.
    const requests = await whileHeld(t.app.db, () =>
      Promise.all([
        t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${apiKey}` } }),
        t.app.inject({ method: 'GET', url: '/v1/crypto/prices?symbols=BTC', headers: { authorization: `Bearer ${apiKey}` } }),
      ]),
    );
    const [rest, restPage, search, trpc, trpcList] = reads as [LightMyRequestResponse, ...LightMyRequestResponse[]];
    const [v1, v1Prices] = requests as [LightMyRequestResponse, LightMyRequestResponse];

    for (const res of [rest, restPage, search, trpc, trpcList, v1, v1Prices]) {
      expect(res?.statusCode).toBe(503);
      expect(res?.headers['retry-after']).toBe(RETRY_AFTER);
    }
    for (const res of [rest, restPage, search]) expect(res?.json()).toEqual({ error: SERVICE_BUSY_MESSAGE });
    for (const res of [trpc, trpcList]) {
      expect(res?.json()).toMatchObject({
        error: {
          message: SERVICE_BUSY_MESSAGE,
          data: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: SERVICE_BUSY_RETRY_AFTER_SECONDS },
        },
      });
    }
    for (const res of [v1, v1Prices]) {
      expect(res?.json()).toEqual({
        error: { code: 'unavailable', message: SERVICE_BUSY_MESSAGE, requestId: res?.headers['x-request-id'] },
      });
    }

    // The waits reach the log as counts, one warning a second at most (the last count within a second).
    // Seven requests refused, five waits: requests that share a statement share its wait (the two
    // Twitter lists' single-flight platform total, the two /v1 calls' batched key lookup).
    const refused = 5;
    const busyLines = () => logLines(t).filter((line) => line.event === 'db.pool_busy');
    const counted = () => busyLines().reduce((sum, line) => sum + Number(line.waits), 0);
    for (const deadline = Date.now() + 10_000; counted() < refused && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(counted()).toBeGreaterThanOrEqual(refused);
    expect(busyLines().length).toBeLessThan(refused);
    expect(new Set(busyLines().map((line) => line.pool))).toEqual(new Set(['reads', 'requests']));
    for (const line of busyLines()) expect(line.level).toBe(40);
    // Not one error line: no stack per refused request, no "database unavailable".
    expect(logLines(t).filter((line) => Number(line.level) >= 50)).toEqual([]);

    // Once free, the pools serve again.
    expect((await t.app.inject({ method: 'GET', url: '/api/social/twitter', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${apiKey}` } })).statusCode).toBe(200);
  });
});
