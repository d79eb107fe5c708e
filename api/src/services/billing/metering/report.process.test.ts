import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDb, migrateToLatest, type DbHandle } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { meterIdentifier } from './report.js';
import { hourOf, monthOf } from '../period.js';

// The sum sent equals the local meter after a kill -9 of the reporting job mid-run
// (docs/billing.md). The reporter runs as its own process (`pnpm admin meter-report`, the job's code); the
// fake Stripe kills it with SIGKILL right after accepting its third event, before the answer
// reaches it, so that hour is sent but not recorded. The next run resends it under the same
// identifier, and Stripe (the fake, as the reference documents) counts it once.
const ADMIN = fileURLToPath(new URL('../../../../dist/cli/admin.js', import.meta.url));
const STRIPE = {
  secretKey: 'sk_test_kill_coinsight',
  webhookSecret: 'whsec_kill_coinsight',
  priceId: 'price_kill_pro',
  meterEventName: 'coinsight_api_calls',
};

function run(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output: () => string;
} {
  const { TEST_DATABASE_URL: _t, TEST_DB: _d, TEST_REDIS_URL: _r, ...inherited } = process.env;
  const child = spawn(process.execPath, [ADMIN, ...(env.COMMAND ?? 'meter-report').split(' ')], {
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

describe.runIf(process.env.TEST_DATABASE_URL)('the meter report survives kill -9 mid-run', { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let fake: FakeStripe;

  beforeAll(async () => {
    database = await createTestDatabase({ ...process.env, TEST_DB: 'postgres' });
    handle = await createDb(database.config);
    await migrateToLatest(handle.db);
    fake = await startFakeStripe(STRIPE);
  });

  afterAll(async () => {
    await handle?.close();
    await fake?.close();
    await database?.drop();
  });

  it('after a kill -9 between Stripe accepting an event and recording it, the sum sent equals the local meter, each hour once', async () => {
    if (database.config.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const { db } = handle;
    const userId = `usr_${randomBytes(8).toString('hex')}`;
    const customer = `cus_${randomBytes(8).toString('hex')}`;
    fake.customers.set(customer, { id: customer, object: 'customer' });
    await db
      .insertInto('users')
      .values({ id: userId, username: userId, email: `${userId}@example.com`, password_hash: 'x', social_accounts: {}, plan: 'pro' })
      .execute();
    const key = await db
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name: 'kill',
        prefix: 'cs_live_kill',
        secret_hash: randomBytes(16).toString('hex'),
        last_used_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('billing_accounts').values({ user_id: userId, stripe_customer_id: customer, status: 'active' }).execute();
    // Six settled hours of Pro calls: 2, 7, 1, 8, 2, 8 (28 in all), in one month (the one before on a month's first hours).
    const counts = [2, 7, 1, 8, 2, 8];
    let last = new Date(hourOf(new Date()).getTime() - 2 * 3_600_000);
    if (last.getTime() - monthOf(last).start.getTime() < counts.length * 3_600_000)
      last = new Date(monthOf(last).start.getTime() - 3_600_000);
    const hours = counts.map((_, i) => new Date(last.getTime() - (counts.length - 1 - i) * 3_600_000));
    for (const [i, hour] of hours.entries())
      await db
        .insertInto('api_usage_hourly')
        .values({ key_id: key.id, user_id: userId, hour, calls: counts[i] ?? 0, pro_calls: counts[i] ?? 0 })
        .execute();

    const env = {
      DATABASE_URL: database.config.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_PRICE_ID: STRIPE.priceId,
      STRIPE_METER_ID: 'mtr_killtest',
      STRIPE_API_URL: fake.url,
    };
    const first = run(env);
    let accepted = 0;
    fake.onMeterEvent = () => {
      // Accepted by Stripe; the reporter dies before it hears so.
      if (++accepted === 3) first.child.kill('SIGKILL');
    };
    expect(await first.exited, first.output()).toEqual({ code: null, signal: 'SIGKILL' });
    fake.onMeterEvent = undefined;
    const afterKill = await db.selectFrom('meter_reports').select(['identifier', 'sent_at']).where('user_id', '=', userId).execute();
    expect(afterKill).toHaveLength(6);
    expect(afterKill.filter((r) => r.sent_at !== null)).toHaveLength(2);

    const second = run(env);
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });
    const events = [...fake.meterEvents.values()].filter((e) => e.customer === customer);
    expect(events.map((e) => e.identifier).sort()).toEqual(hours.map((h) => meterIdentifier(userId, h)).sort());
    expect(events.reduce((sum, e) => sum + e.value, 0)).toBe(28);
    // The third hour reached Stripe twice (before the kill, and again), counted once.
    const third = meterIdentifier(userId, hours[2] as Date);
    expect(fake.requests.filter((r) => r.path === '/v1/billing/meter_events' && r.idempotencyKey === third)).toHaveLength(2);

    // The hours' month, named: on a month's first hours they lie in the month before.
    const month = (hours[0] as Date).toISOString().slice(0, 7);
    const reconcile = run({ ...env, COMMAND: `meter-reconcile --month ${month}` });
    const done = await reconcile.exited;
    expect(done, reconcile.output()).toEqual({ code: 0, signal: null });
    expect(reconcile.output()).toMatch(/"local": 28,\s+"sent": 28,\s+"drift": \[\]/);
  });
});
