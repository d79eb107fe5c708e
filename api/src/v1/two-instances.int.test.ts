import { seedAssets } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketJobs } from '../jobs/market.js';
import { startJobRunner, type JobDefinition } from '../jobs/runner.js';
import { createSimulatedFeed } from '../services/market/feeds/simulated.js';
import { createTestApp, REDIS_COUNTING_TIMEOUT_MS, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';
import { expectDocumented } from '../test/v1.js';
import { insertKey, presetFreeCalls } from '../test/keys.js';
import type { V1UsageAnswer } from './routes/usage.js';

// docs/security.md §18, §19: two API instances sharing one PostgreSQL database and one
// Redis behave as one. Runs as CI runs it, with TEST_DATABASE_URL and TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL;
const log = { info: () => undefined, warn: () => undefined, error: (details: object) => console.error(details) };

describe.runIf(process.env.TEST_DB === 'postgres' && redisUrl)('two API instances, one database and one Redis', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: the second finds the schema migrated, as a rolling start would.
    a = await createTestApp({ redisUrl }, { shared: database, redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    b = await createTestApp({ redisUrl }, { shared: database, redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    await seedAssets(a.app.db);
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  async function account() {
    const { user } = await signup(a.app);
    return { user, key: await insertKey(a.app.db, user.id) };
  }
  const get = async (t: TestApp, url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expectDocumented('GET', url, res);
    return res;
  };

  it("refuses the free tier's 101st request in a minute whichever instance serves it", async () => {
    const { key } = await account();
    for (let i = 0; i < 100; i++) {
      const res = await get(i % 2 ? b : a, '/v1/usage', key.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(String(99 - i));
    }
    for (const t of [a, b]) {
      const res = await get(t, '/v1/usage', key.headers);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ code: 'rate_limited' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('holds the monthly quota exactly across both: 990 used + 50 concurrent calls split across them → exactly 10 succeed', async () => {
    const { user, key } = await account();
    await presetFreeCalls(a.app.db, user.id, key.id, 990);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(i % 2 ? b : a, '/v1/crypto/prices?symbols=BTC,ETH', key.headers)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429 && r.json().error.code === 'quota_exceeded')).toHaveLength(40);
    for (const t of [a, b])
      expect((await get(t, '/v1/usage', key.headers)).json<V1UsageAnswer>()).toMatchObject({ calls: 1_000, remaining: 0 });
  });

  it('counts exactly the successful calls, whichever instance served them', async () => {
    const { key } = await account();
    const urls = ['/v1/crypto/prices?symbols=BTC', '/v1/crypto/prices?symbols=NOPE', '/v1/crypto/prices?symbols=ETH,SOL', '/v1/nowhere'];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 ? b : a, urls[i % urls.length]!, key.headers)));
    const successes = answers.filter((r) => r.statusCode === 200).length;
    expect(successes).toBe(20);
    for (const t of [a, b]) {
      const usage = (await get(t, '/v1/usage', key.headers)).json<V1UsageAnswer>();
      expect(usage.calls).toBe(successes);
      expect(usage.key.calls).toBe(successes);
    }
  });

  it('runs a scheduled job once per slot, with a worker on each instance', { timeout: 120_000 }, async () => {
    const runs: string[] = [];
    const finished: string[] = [];
    const worker = (t: TestApp) => {
      const tick = marketJobs({ db: t.app.db, log, feed: createSimulatedFeed({ seed: 1 }) }, { tickSeconds: 1 }).find(
        (job) => job.name === 'market-tick',
      )!;
      const counted: JobDefinition = {
        ...tick,
        run: async (now, data, signal) => {
          runs.push(now.toISOString());
          await tick.run(now, data, signal);
          finished.push(now.toISOString());
        },
      };
      return startJobRunner({ db: t.app.db, log, jobs: [counted] });
    };
    const first = await worker(a);
    const second = await worker(b);
    try {
      for (let waited = 0; new Set(finished).size < 3 && waited < 100_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(new Set(finished).size).toBeGreaterThanOrEqual(3);
    expect(runs).toHaveLength(new Set(runs).size);
  });
});
