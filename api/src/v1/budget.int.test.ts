import {
  BUDGET_MESSAGES,
  budgetCalls,
  budgetExceededMessage,
  costMicros,
  formatUsd,
  type BillingSummary,
  type UsageSummary,
} from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf, hourOf } from '../services/billing/period.js';
import { atTime } from '../services/clock.js';
import { projectMonth, usageSummary } from '../services/billing/metering/usage.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, nextAddress, signup, verifyEmail } from '../test/auth.js';
import { insertKey } from '../test/keys.js';
import { expectDocumented } from '../test/v1.js';
import type { V1UsageAnswer } from './routes/usage.js';

// A Pro account's monthly budget, its 80% and 100% mail (once each, even under
// concurrent calls), the optional hard cap (exact like the Free quota), and the month's cost and
// its projection on the billing tab and GET /v1/usage; on PGlite and PostgreSQL.
describe(`monthly budget (${process.env.TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAssets(t.app.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/crypto/prices?symbols=BTC', headers });
  const burst = (headers: Record<string, string>, n: number) => Promise.all(Array.from({ length: n }, () => call(headers)));

  async function trpc(path: string, token: string, input?: Record<string, unknown>) {
    return input === undefined
      ? t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: bearer(token) })
      : t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: bearer(token), payload: input, remoteAddress: nextAddress() });
  }
  async function setBudget(token: string, input: Record<string, unknown>): Promise<BillingSummary> {
    const res = await trpc('billing.setBudget', token, input);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { data: BillingSummary } }>().result.data;
  }

  /** A Pro account (set in the table: how Pro is paid for is not this test's subject), verified unless told. */
  async function proAccount(options: { verified?: boolean } = {}) {
    const { user, token } = await signup(t.app);
    await t.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', user.id).execute();
    if (options.verified !== false) await verifyEmail(t.app, user.id);
    const key = await insertKey(t.app.db, user.id);
    return { user, token, key };
  }

  /** Sets this month's Pro calls of the account to `calls`, made with `keyId` an hour ago or so. */
  async function presetProCalls(userId: string, keyId: number, calls: number) {
    const now = new Date();
    const month = monthOf(now).start;
    await t.app.db
      .insertInto('api_usage_monthly')
      .values({ user_id: userId, month, free_calls: 0, pro_calls: calls })
      .onConflict((oc) => oc.columns(['user_id', 'month']).doUpdateSet({ pro_calls: calls }))
      .execute();
    const hour = new Date(Math.max(month.getTime(), hourOf(now).getTime() - 3_600_000));
    await t.app.db
      .insertInto('api_usage_hourly')
      .values({ key_id: keyId, user_id: userId, hour, calls })
      .onConflict((oc) => oc.columns(['key_id', 'hour']).doUpdateSet({ calls }))
      .execute();
  }

  async function budgetMails(email: string) {
    await t.app.deps.background.idle();
    const rows = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('subject', 'like', 'Coinsight: %budget%')
      .orderBy('id')
      .execute();
    return rows;
  }

  async function usage(headers: Record<string, string>): Promise<V1UsageAnswer> {
    const res = await t.app.inject({ method: 'GET', url: '/v1/usage', headers });
    expectDocumented('GET', '/v1/usage', res);
    expect(res.statusCode).toBe(200);
    return res.json<V1UsageAnswer>();
  }

  it('a Free account cannot set a budget: 403 saying it is for Pro', async () => {
    const { token } = await signup(t.app);
    const res = await trpc('billing.setBudget', token, { amountUsd: '50', hardCap: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(BUDGET_MESSAGES.proOnly);
    expect(await t.app.db.selectFrom('budgets').select('user_id').execute()).toEqual([]);
  });

  it('refuses an amount that is not positive, has more than cents, or is too large, saying why', async () => {
    const { token } = await proAccount();
    const cases: Array<[unknown, string]> = [
      ['0', BUDGET_MESSAGES.min],
      ['0.00', BUDGET_MESSAGES.min],
      ['-5', BUDGET_MESSAGES.format],
      ['12.345', BUDGET_MESSAGES.format],
      ['fifty', BUDGET_MESSAGES.format],
      [1e-7, BUDGET_MESSAGES.format],
      ['100000.01', BUDGET_MESSAGES.max],
    ];
    for (const [amountUsd, message] of cases) {
      const res = await trpc('billing.setBudget', token, { amountUsd, hardCap: false });
      expect(res.statusCode, String(amountUsd)).toBe(400);
      expect(res.json().error.message, String(amountUsd)).toContain(message);
    }
    expect(BUDGET_MESSAGES.min).toBe('Budget must be at least $0.01');
    expect(BUDGET_MESSAGES.max).toBe('Budget must be at most $100,000.00');
  });

  it('a Pro account sets, changes and removes its budget; the billing tab and /v1/usage show it alike', async () => {
    const { token, key } = await proAccount();
    const set = await setBudget(token, { amountUsd: '$1,250.50', hardCap: true });
    expect(set.usage.budget).toEqual({
      amountMicros: 1_250_500_000,
      amountUsd: '$1,250.50',
      hardCap: true,
      calls: 8_336_666,
      usedPercent: 0,
      reached: [],
    });
    expect((await call(key.headers)).statusCode).toBe(200);
    const fromApi = await usage(key.headers);
    const summary = await trpc('billing.summary', token);
    const fromWeb = summary.json<{ result: { data: BillingSummary } }>().result.data.usage;
    const { asOf: _a, key: _k, ...api } = fromApi;
    const { asOf: _b, ...web } = fromWeb;
    // The projections depend on the moment each was read; everything else is the same.
    expect({ ...web, projectedCalls: 0, projectedCostMicros: 0, projectedCostUsd: '' }).toEqual({
      ...api,
      projectedCalls: 0,
      projectedCostMicros: 0,
      projectedCostUsd: '',
    });
    expect(api).toMatchObject({ billedCalls: 1, costMicros: 150, budget: { amountUsd: '$1,250.50', hardCap: true } });

    expect((await setBudget(token, { amountUsd: 20 })).usage.budget).toMatchObject({ amountMicros: 20_000_000, hardCap: false });
    expect((await setBudget(token, { amountUsd: null })).usage.budget).toBeNull();
    expect((await usage(key.headers)).budget).toBeNull();
  });

  it('mails at 80% once, even when 50 concurrent calls cross it, then at 100% once', async () => {
    const { user, token, key } = await proAccount();
    // $1.00 pays for 6,666 calls; 80% of it is reached at the 5,334th (5,334 × $0.00015 ≥ $0.80).
    expect(budgetCalls(100)).toEqual({ warnCalls: 5_334, capCalls: 6_666 });
    await setBudget(token, { amountUsd: '1.00', hardCap: false });
    await presetProCalls(user.id, key.id, 5_300);
    expect((await burst(key.headers, 50)).every((r) => r.statusCode === 200)).toBe(true);
    let mails = await budgetMails(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Coinsight: 80% of your $1.00 API budget used']);
    expect(mails[0]!.text_body).toContain('80% of your monthly budget of $1.00');
    expect(mails[0]!.text_body).toContain('The budget has no hard cap: calls past it are still answered and billed.');
    expect(mails[0]!.text_body).toContain('http://localhost:3000/settings?tab=billing');

    // More calls past 80% mail nothing more.
    expect((await burst(key.headers, 20)).every((r) => r.statusCode === 200)).toBe(true);
    expect(await budgetMails(user.email)).toHaveLength(1);

    await presetProCalls(user.id, key.id, 6_640);
    // No hard cap: every call is answered (and billed) past the budget.
    expect((await burst(key.headers, 50)).every((r) => r.statusCode === 200)).toBe(true);
    mails = await budgetMails(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Coinsight: 80% of your $1.00 API budget used',
      'Coinsight: Your $1.00 API budget is reached',
    ]);
    expect(mails[1]!.text_body).toContain('your monthly budget of $1.00 is reached');

    const seen = await usage(key.headers);
    expect(seen.budget).toMatchObject({ reached: [80, 100], usedPercent: 100, calls: 6_666 });
    expect(seen.billedCalls).toBe(6_690);
    // One notice per threshold, month and account; each is in the app too.
    const notices = await t.app.db
      .selectFrom('budget_notices')
      .select(['threshold'])
      .where('user_id', '=', user.id)
      .orderBy('threshold')
      .execute();
    expect(notices.map((n) => Number(n.threshold))).toEqual([80, 100]);
    const inApp = await t.app.db
      .selectFrom('notifications')
      .select(['title'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'budget')
      .orderBy('id')
      .execute();
    expect(inApp.map((n) => n.title)).toEqual(['80% of your $1.00 API budget used', 'Your $1.00 API budget is reached']);

    // Raising the budget past what is spent forgets both: its own 80% is mailed when crossed.
    await setBudget(token, { amountUsd: '1.50', hardCap: false });
    expect((await usage(key.headers)).budget).toMatchObject({ reached: [], usedPercent: 66 });
    await presetProCalls(user.id, key.id, 7_990);
    expect((await burst(key.headers, 20)).every((r) => r.statusCode === 200)).toBe(true);
    mails = await budgetMails(user.email);
    expect(mails.at(-1)?.subject).toBe('Coinsight: 80% of your $1.50 API budget used');
    expect(mails).toHaveLength(3);
  });

  it('the hard cap refuses exactly the calls past the budget with 402 budget_exceeded, never billed', async () => {
    const { user, token, key } = await proAccount();
    await setBudget(token, { amountUsd: '1', hardCap: true });
    await presetProCalls(user.id, key.id, 6_640);
    const answers = await burst(key.headers, 50);
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(26);
    expect(refused).toHaveLength(24);
    const end = monthOf(new Date()).end;
    for (const res of refused) {
      expectDocumented('GET', '/v1/crypto/prices?symbols=BTC', res);
      expect(res.json()).toEqual({
        error: { code: 'budget_exceeded', message: budgetExceededMessage(100, end), requestId: res.headers['x-request-id'] },
      });
    }
    expect(refused[0]!.json().error.message).toBe(
      `Monthly budget of $1.00 reached with its hard cap on: calls past it are refused, not billed, until ${end.toISOString().slice(0, 10)} UTC. Raise the budget or turn the hard cap off in the billing tab to continue.`,
    );
    // Both thresholds were passed by one burst: each is mailed once, lowest first.
    const mails = await budgetMails(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Coinsight: 80% of your $1.00 API budget used',
      'Coinsight: Your $1.00 API budget is reached',
    ]);
    expect(mails[0]!.text_body).toContain("once the budget's 6,666 calls are made, calls are refused (HTTP 402, code budget_exceeded)");
    expect(mails[1]!.text_body).toContain('further calls are refused (HTTP 402, code budget_exceeded)');
    // Usage still answers; the month's cost stays within the budget.
    const seen = await usage(key.headers);
    expect(seen).toMatchObject({
      billedCalls: 6_666,
      costMicros: 999_900,
      costUsd: '$1.00',
      budget: { reached: [80, 100], usedPercent: 99 },
    });
    expect(seen.projectedCostMicros).toBe(999_900);
    expect(seen.key.calls).toBe(6_666);

    // Turning the cap off lets calls through again (billed).
    await setBudget(token, { amountUsd: '1', hardCap: false });
    expect((await call(key.headers)).statusCode).toBe(200);
  });

  it('without a verified address the threshold is recorded and shown in the app, and no mail is sent', async () => {
    const { user, token, key } = await proAccount({ verified: false });
    await setBudget(token, { amountUsd: '0.01', hardCap: false });
    expect(budgetCalls(1)).toEqual({ warnCalls: 54, capCalls: 66 });
    await presetProCalls(user.id, key.id, 53);
    expect((await call(key.headers)).statusCode).toBe(200);
    expect(await budgetMails(user.email)).toEqual([]);
    expect((await usage(key.headers)).budget?.reached).toEqual([80]);
    expect(t.logs.some((line) => line.includes('budget mail not sent: the address is not verified'))).toBe(true);
  });

  it('the cost so far and its projection to the month end, linear on the time elapsed', async () => {
    const { user } = await proAccount();
    // September 2026 has 30 days; at the end of its 10th day a third has passed: 1,000 calls → 3,000.
    const now = new Date('2026-09-11T00:00:00.000Z');
    await t.app.db
      .insertInto('api_usage_monthly')
      .values({ user_id: user.id, month: monthOf(now).start, free_calls: 0, pro_calls: 1_000 })
      .execute();
    const summary: UsageSummary = await usageSummary(atTime(t.app.deps, now), {}, { userId: user.id });
    expect(summary).toMatchObject({
      billedCalls: 1_000,
      costMicros: 150_000,
      costUsd: '$0.15',
      projectedCalls: 3_000,
      projectedCostMicros: costMicros(3_000),
      projectedCostUsd: formatUsd(450_000),
    });
  });
});

describe('projectMonth (the projection)', () => {
  const start = new Date('2026-11-01T00:00:00.000Z');
  const end = new Date('2026-12-01T00:00:00.000Z');
  const at = (iso: string) => new Date(iso);

  it('is linear on the time elapsed for the calls the plan keeps adding', () => {
    expect(
      projectMonth({ start, end, now: at('2026-11-16T00:00:00.000Z'), plan: 'pro', freeCalls: 0, billedCalls: 500, capCalls: null }),
    ).toEqual({
      freeCalls: 0,
      billedCalls: 1_000,
    });
    // Free calls made before an upgrade do not grow; neither do Pro calls after a downgrade.
    expect(
      projectMonth({ start, end, now: at('2026-11-16T00:00:00.000Z'), plan: 'pro', freeCalls: 300, billedCalls: 0, capCalls: null }),
    ).toEqual({
      freeCalls: 300,
      billedCalls: 0,
    });
    expect(
      projectMonth({ start, end, now: at('2026-11-16T00:00:00.000Z'), plan: 'free', freeCalls: 100, billedCalls: 40, capCalls: null }),
    ).toEqual({
      freeCalls: 200,
      billedCalls: 40,
    });
  });

  it("stops at the Free quota and a hard cap's calls, and divides by an hour at least", () => {
    expect(
      projectMonth({ start, end, now: at('2026-11-16T00:00:00.000Z'), plan: 'free', freeCalls: 800, billedCalls: 0, capCalls: null })
        .freeCalls,
    ).toBe(1_000);
    expect(
      projectMonth({ start, end, now: at('2026-11-16T00:00:00.000Z'), plan: 'pro', freeCalls: 0, billedCalls: 5_000, capCalls: 6_666 })
        .billedCalls,
    ).toBe(6_666);
    // One call in the first minute: 720 hours × 1 call, not 43,200 minutes × 1 call.
    expect(
      projectMonth({ start, end, now: at('2026-11-01T00:01:00.000Z'), plan: 'pro', freeCalls: 0, billedCalls: 1, capCalls: null })
        .billedCalls,
    ).toBe(720);
  });
});
