import { MAIL_BUDGET, MAIL_BUDGET_MESSAGES } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from '../../services/alerts/check.js';
import { createTestApp, REDIS_COUNTING_TIMEOUT_MS, type TestApp } from '../../test/app.js';
import { bearer, signup, verifyEmail } from '../../test/auth.js';
import { atTime } from '../../services/clock.js';

const redisUrl = process.env.TEST_REDIS_URL;

// docs/security.md §25: the account's mail budget lives with the other counters, so two instances spend one budget.
describe.runIf(process.env.TEST_DB === 'postgres' && redisUrl)('docs/security.md §25: one mail budget across two instances (Redis)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(process.env, { migrated: true });
    a = await createTestApp({ redisUrl }, { shared: database, redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    b = await createTestApp({ redisUrl }, { shared: database, redisCommandTimeoutMs: REDIS_COUNTING_TIMEOUT_MS });
    await seedAssets(a.app.db);
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('docs/security.md §25: alert mail sent by one instance and Send Email on the other share the hour’s budget', async () => {
    const { token, user } = await signup(a.app);
    await verifyEmail(a.app, user.id);
    const alerts = MAIL_BUDGET.perHour - 2;
    for (let i = 0; i < alerts; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/trpc/alerts.create',
        headers: bearer(token),
        payload: { symbol: 'BTC', price: 1, condition: 'above' },
      });
      expect(res.statusCode).toBe(200);
    }
    const now = new Date();
    await a.app.db.insertInto('price_ticks').values({ asset: 'BTC', time: now, price: 2, volume_24h: null, market_cap: null }).execute();
    expect(await checkAlerts(atTime(a.app.deps, now), {})).toEqual({ fired: alerts });

    const send = () =>
      b.app.inject({
        method: 'POST',
        url: '/trpc/email.send',
        headers: bearer(token),
        payload: { recipient: 'friend@example.com', subject: 'Hello', message: 'A message.' },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MAIL_BUDGET_MESSAGES.hour);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
