import {
  PAID_PLANS_UNAVAILABLE_MESSAGE,
  PAST_DUE_GRACE_DAYS,
  type BillingAccount,
  type BillingSummary,
  MICROS_PER_CENT,
  type Invoice,
  type InvoicePreview,
  type RedirectUrl,
} from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { lastMailTo, mailsTo } from '../../test/auth.js';
import { startFakeStripe, stripeSignature, type FakeStripe } from '../../test/fake-stripe.js';
import { taskUser } from '../../test/tasks.js';
import { insertKey } from '../../test/keys.js';
import { atTime } from '../clock.js';
import { reserveCall } from './metering/meter.js';
import { meterIdentifier, reconcileMeter, reportUsage } from './metering/report.js';
import { keyUsageSummary } from './metering/usage.js';
import { hourOf, monthOf } from './period.js';
import { expirePastDueGrace } from './subscriptions/grace.js';
import { grantPlan } from './subscriptions/plan-changes.js';

// docs/billing.md against a local server speaking Stripe's API (test/fake-stripe.ts),
// on PGlite and PostgreSQL: Pro is sold, never given; signed webhooks only; usage reported exactly once.

const STRIPE = {
  secretKey: 'sk_test_fake_coinsight',
  webhookSecret: 'whsec_test_coinsight',
  priceId: 'price_pro_metered',
  meterEventName: 'coinsight_api_calls',
};
const WEBHOOK = '/api/billing/stripe-webhook';

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe(STRIPE);
  t = await createTestApp({
    stripe: { ...STRIPE, meterId: 'mtr_fake1', api: { host: '127.0.0.1', port: fake.port, protocol: 'http' } },
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Posts an event to the webhook as Stripe does: the exact bytes, signed (or as a test forges them). */
async function deliver(event: object, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const payload = options.body ?? JSON.stringify(event);
  const signature = stripeSignature(JSON.stringify(event), options.secret ?? STRIPE.webhookSecret, options.timestamp);
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function plan(userId: string) {
  return (await t.app.db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow()).plan;
}
async function planChanges(userId: string) {
  const rows = await t.app.db
    .selectFrom('plan_changes')
    .select(['from_plan', 'to_plan'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.from_plan}>${r.to_plan}`);
}

/** A signed-up user who has opened checkout: answers the checkout URL and the session. */
async function checkoutUser() {
  const u = await taskUser(t.app);
  const checkout = await u.mutate<RedirectUrl>('billing.checkout');
  expect(checkout.status, JSON.stringify(checkout.error)).toBe(200);
  const sessionId = new URL(checkout.data.url).pathname.split('/').pop() ?? '';
  return { ...u, url: checkout.data.url, sessionId };
}

describe(`Stripe billing (${process.env.TEST_DB})`, () => {
  it('changePlan {plan: pro} without payment never grants Pro; checkout opens a Stripe session and grants nothing', async () => {
    const u = await taskUser(t.app);
    const refused = await u.mutate<BillingSummary>('billing.changePlan', { plan: 'pro' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Pro starts once its payment is set up: use Upgrade to Pro to go to checkout.');
    expect(await plan(u.user.id)).toBe('free');

    const checkout = await u.mutate<RedirectUrl>('billing.checkout');
    expect(checkout.data.url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === u.user.id);
    expect(session).toMatchObject({ mode: 'subscription', status: 'open', customer: expect.stringMatching(/^cus_/) });
    expect(String(session?.success_url)).toBe(
      'http://localhost:3000/settings?tab=billing&checkout=success&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(await plan(u.user.id)).toBe('free');
    expect(await planChanges(u.user.id)).toEqual([]);
    const account = await u.query<BillingAccount>('billing.account');
    expect(account.data).toEqual({ paymentsAvailable: true, plan: 'free', subscription: null, portalAvailable: true });
  });

  it('a completed checkout + customer.subscription.created grants Pro once, even when the events come twice and reversed', async () => {
    const u = await checkoutUser();
    const { events } = await fake.completeCheckout(u.sessionId, { send: false });
    // Reversed, then every one again: Stripe's order is not guaranteed and duplicates happen.
    for (const event of [...events].reverse()) expect((await deliver(event)).statusCode).toBe(200);
    for (const event of events) {
      const again = await deliver(event);
      expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    expect(await plan(u.user.id)).toBe('pro');
    expect(await planChanges(u.user.id)).toEqual(['free>pro']);
    const account = (await u.query<BillingAccount>('billing.account')).data;
    expect(account.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, graceEndsAt: null });
    expect(new Date(account.subscription?.currentPeriodEnd ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Pro's limits apply: the quota is gone.
    expect((await u.query<BillingSummary>('billing.summary')).data.usage).toMatchObject({ plan: 'pro', quota: null });
    // A second checkout is refused while the subscription is live.
    expect((await u.mutate('billing.checkout')).status).toBe(409);
  });

  it('a forged, stale or tampered signature is 400 and changes nothing', async () => {
    const u = await checkoutUser();
    const { events } = await fake.completeCheckout(u.sessionId, { send: false });
    const created = events[0] as { id: string };
    const forged = await deliver(created, { secret: 'whsec_not_the_endpoints' });
    const stale = await deliver(created, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const tampered = await deliver(created, { body: JSON.stringify({ ...created, id: 'evt_other' }) });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(created),
    });
    for (const res of [forged, stale, tampered, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await plan(u.user.id)).toBe('free');
    expect(await t.app.db.selectFrom('stripe_events').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    expect(t.logs.join('')).not.toContain(STRIPE.webhookSecret);
  });

  it('one event delivered 10 times at once runs once: its id is claimed before its effects', async () => {
    const u = await checkoutUser();
    const { subscription, events } = await fake.completeCheckout(u.sessionId, { send: false });
    const created = events.find((e) => e.type === 'customer.subscription.created') ?? {};
    const reads = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/subscriptions/${String(subscription.id)}`)).length;
    const before = reads();
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(created)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((res) => (res.json() as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    // Stripe was asked once, and the plan changed once.
    expect(reads() - before).toBe(1);
    expect(await planChanges(u.user.id)).toEqual(['free>pro']);
  });

  it('a signed checkout naming a customer linked to another account is 200 with billing.customer_conflict, and links nothing', async () => {
    const owner = await checkoutUser();
    const { events } = await fake.completeCheckout(owner.sessionId, { send: false });
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    const session = fake.sessions.get(owner.sessionId) ?? {};
    // Another account, which has never opened checkout, named on a session of the owner's customer.
    const other = await taskUser(t.app);
    const conflicting = fake.event('checkout.session.completed', { ...session, id: 'cs_conflict_1', client_reference_id: other.user.id });
    const res = await deliver(conflicting);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'conflict' });
    expect(t.logs.join('')).toContain('"event":"billing.customer_conflict"');
    expect(await plan(other.user.id)).toBe('free');
    expect(await plan(owner.user.id)).toBe('pro');
    expect(
      await t.app.db.selectFrom('billing_accounts').select('user_id').where('user_id', '=', other.user.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a signature dated more than 5 minutes ahead is 400; one a little ahead (clock skew) is taken', async () => {
    const u = await checkoutUser();
    const { events } = await fake.completeCheckout(u.sessionId, { send: false });
    const created = events.find((e) => e.type === 'customer.subscription.created') ?? {};
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [301, 3_600]) {
      const res = await deliver(created, { timestamp: now + ahead });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid signature' });
    }
    expect(await plan(u.user.id)).toBe('free');
    expect((await deliver(created, { timestamp: now + 60 })).statusCode).toBe(200);
    expect(await plan(u.user.id)).toBe('pro');
  });

  it("an event naming a subscription Stripe does not have is 200 'unknown': Stripe's error text never reaches the caller", async () => {
    const unknown = fake.event('customer.subscription.updated', { id: 'sub_unknown_1', object: 'subscription', customer: 'cus_nobody' });
    const res = await deliver(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'unknown' });
    expect(res.body).not.toContain('No such');
    // Logged, with Stripe's text, for the operator.
    expect(t.logs.join('')).toContain('"event":"billing.stripe_unknown_object"');
  });

  it(`a failed payment keeps Pro for the ${PAST_DUE_GRACE_DAYS}-day grace period, then Free's limits with a mail; paying brings Pro back`, async () => {
    const u = await checkoutUser();
    const { events, subscription } = await fake.completeCheckout(u.sessionId, { send: false });
    for (const event of events) await deliver(event);
    expect(await plan(u.user.id)).toBe('pro');

    const failed = await fake.failPayment(String(subscription.id), { send: false });
    for (const event of failed) expect((await deliver(event)).statusCode).toBe(200);
    expect(await plan(u.user.id)).toBe('pro');
    const account = (await u.query<BillingAccount>('billing.account')).data;
    expect(account.subscription?.status).toBe('past_due');
    const graceEnds = new Date(account.subscription?.graceEndsAt ?? 0).getTime();
    expect(Math.abs(graceEnds - (Date.now() + PAST_DUE_GRACE_DAYS * 86_400_000))).toBeLessThan(60_000);
    expect((await lastMailTo(t.app, u.user.email)).subject).toBe('Your Coinsight payment failed');

    // Within the grace period nothing changes; past it the account is back on Free, once.
    expect(await expirePastDueGrace(atTime(t.app.deps, new Date(graceEnds - 60_000)), {})).toEqual({ expired: 0 });
    expect(await plan(u.user.id)).toBe('pro');
    await expirePastDueGrace(atTime(t.app.deps, new Date(graceEnds + 1_000)), {});
    expect(await expirePastDueGrace(atTime(t.app.deps, new Date(graceEnds + 2_000)), {})).toEqual({ expired: 0 });
    expect(await plan(u.user.id)).toBe('free');
    expect((await u.query<BillingSummary>('billing.summary')).data.usage).toMatchObject({ plan: 'free', quota: 1_000 });
    const mails = await mailsTo(t.app, u.user.email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Your Coinsight payment failed', 'Your Coinsight account is back on the Free plan']);
    // The same failure told again changes nothing.
    for (const event of failed) await deliver(fake.event(String(event.type), (event.data as { object: Record<string, unknown> }).object));
    expect(await plan(u.user.id)).toBe('free');

    // The card works at last: invoice.paid, the subscription active again, Pro back.
    subscription.status = 'active';
    await deliver(fake.event('invoice.paid', fake.addInvoice(String(subscription.customer), 1_000, 'paid')));
    expect(await plan(u.user.id)).toBe('pro');
    expect(await planChanges(u.user.id)).toEqual(['free>pro', 'pro>free', 'free>pro']);
  });

  it('a downgrade cancels at period end: Pro stays until Stripe ends the subscription', async () => {
    const u = await checkoutUser();
    const { events, subscription } = await fake.completeCheckout(u.sessionId, { send: false });
    for (const event of events) await deliver(event);
    const downgraded = await u.mutate<BillingSummary>('billing.changePlan', { plan: 'free' });
    expect(downgraded.status).toBe(200);
    expect(subscription.cancel_at_period_end).toBe(true);
    expect(await plan(u.user.id)).toBe('pro');
    expect((await u.query<BillingAccount>('billing.account')).data.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    // Changing one's mind before the end undoes the cancellation (still paid for: nothing granted).
    expect((await u.mutate('billing.changePlan', { plan: 'pro' })).status).toBe(200);
    expect(subscription.cancel_at_period_end).toBe(false);
    await u.mutate('billing.changePlan', { plan: 'free' });
    // The period ends: Stripe deletes the subscription.
    Object.assign(subscription, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    await deliver(fake.event('customer.subscription.deleted', subscription));
    expect(await plan(u.user.id)).toBe('free');
    expect(await planChanges(u.user.id)).toEqual(['free>pro', 'pro>free']);
  });

  it('the billing portal opens for the customer and the tab lists its invoices (date, period, calls, amount, status, link)', async () => {
    const u = await checkoutUser();
    const { events } = await fake.completeCheckout(u.sessionId, { send: false });
    for (const event of events) await deliver(event);
    const customer = String(fake.sessions.get(u.sessionId)?.customer);
    fake.addInvoice(customer, 20_000, 'paid');
    const portal = await u.mutate<RedirectUrl>('billing.portal');
    expect(portal.data.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    const invoices = (await u.query<Invoice[]>('billing.invoices')).data;
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({
      calls: 20_000,
      amountDue: 300,
      amountPaid: 300,
      currency: 'usd',
      status: 'paid',
      hostedUrl: expect.stringMatching(/^https:/),
    });
    expect(invoices[1]).toMatchObject({ calls: 0, amountDue: 0, status: 'paid' });
  });

  it('meter events carry stable identifiers, and the sum sent equals the local meter after a run stopped mid-batch', async () => {
    const u = await checkoutUser();
    const { events } = await fake.completeCheckout(u.sessionId, { send: false });
    for (const event of events) await deliver(event);
    const customer = String(fake.sessions.get(u.sessionId)?.customer);
    const key = await insertKey(t.app.db, u.user.id);
    // Pro calls over five past hours (3, 1, 4, 1, 5), and one in the current hour (not settled: not sent).
    // Half past the hour, whatever the clock says: the hour before is settled (SETTLE_MS), this one is not.
    const now = new Date(hourOf(new Date()).getTime() + 30 * 60_000);
    const hours = [5, 4, 3, 2, 1].map((ago) => new Date(hourOf(now).getTime() - ago * 3_600_000));
    const counts = [3, 1, 4, 1, 5];
    for (const [i, hour] of hours.entries())
      for (let c = 0; c < (counts[i] ?? 0); c++)
        await reserveCall(atTime(t.app.deps, new Date(hour.getTime() + 60_000)), { keyId: key.id }, { userId: u.user.id, plan: 'pro' });
    await reserveCall(atTime(t.app.deps, now), { keyId: key.id }, { userId: u.user.id, plan: 'pro' });

    // The run is stopped right after Stripe accepted its third event, before recording it.
    const stop = new AbortController();
    let accepted = 0;
    fake.onMeterEvent = (e) => {
      if (e.customer === customer && ++accepted === 3) stop.abort();
    };
    await expect(reportUsage(atTime(t.app.deps, now), { signal: stop.signal })).rejects.toThrow();
    fake.onMeterEvent = undefined;
    const drift = await reconcileMeter(atTime(t.app.deps, now), { from: hours[0] });
    expect(drift.drift.find((d) => d.userId === u.user.id)).toMatchObject({ local: 14, sent: 4 });

    // The next run (or a second instance) resends the unrecorded event under the same identifier.
    await reportUsage(atTime(t.app.deps, now), {});
    await reportUsage(atTime(t.app.deps, now), {});
    const mine = [...fake.meterEvents.values()].filter((e) => e.customer === customer);
    expect(mine.map((e) => e.identifier).sort()).toEqual(hours.map((h) => meterIdentifier(u.user.id, h)).sort());
    expect(mine.reduce((sum, e) => sum + e.value, 0)).toBe(14);
    // The third hour was POSTed twice with its identifier as Idempotency-Key; Stripe counted it once.
    const third = meterIdentifier(u.user.id, hours[2] as Date);
    expect(fake.requests.filter((r) => r.path === '/v1/billing/meter_events' && r.idempotencyKey === third)).toHaveLength(2);
    expect(fake.meterEventPosts.filter((e) => e.customer === customer)).toHaveLength(5);
    const reconciled = await reconcileMeter(atTime(t.app.deps, now), { from: hours[0] });
    expect(reconciled.drift.filter((d) => d.userId === u.user.id)).toEqual([]);
    expect(reconciled.drift).toEqual([]);
  });
});

describe(`invoice preview (${process.env.TEST_DB})`, () => {
  it("the billing tab's Stripe invoice preview equals the local cost of the reported hours, and /v1/usage's costMicros once every hour is reported", async () => {
    const u = await checkoutUser();
    const { events, subscription } = await fake.completeCheckout(u.sessionId, { send: false });
    for (const event of events) await deliver(event);
    const key = await insertKey(t.app.db, u.user.id);
    // The test's clock: half past an hour two hours back, so the hour after it (`later`) is over
    // too and Stripe takes its event whatever the real time (events at most 5 minutes ahead and
    // 35 days old, ref: Meter events), with two hours before it and the hour after it in the same
    // month (4 h earlier near a month's start or end).
    let now = new Date(hourOf(new Date()).getTime() - 2 * 3_600_000 + 30 * 60_000);
    const sameMonth = (at: Date) => monthOf(at).start.getTime() === monthOf(now).start.getTime();
    if (!sameMonth(new Date(now.getTime() - 3 * 3_600_000)) || !sameMonth(new Date(now.getTime() + 3_600_000)))
      now = new Date(now.getTime() - 4 * 3_600_000);
    const { start, end } = monthOf(now);
    // The subscription's period is the calendar month, so Stripe's period and /v1/usage's month are the same hours.
    const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0];
    Object.assign(item ?? {}, { current_period_start: start.getTime() / 1000, current_period_end: end.getTime() / 1000 });
    // 120 and 80 Pro calls in the two hours before, 200 in the current hour (not settled: not sent).
    // Multiples of 200 calls are whole cents (0.015 cents a call), so the figures compare exactly.
    const call = (at: Date) => reserveCall(atTime(t.app.deps, at), { keyId: key.id }, { userId: u.user.id, plan: 'pro' });
    for (const [ago, calls] of [
      [2, 120],
      [1, 80],
      [0, 200],
    ] as const)
      for (let c = 0; c < calls; c++) await call(new Date(hourOf(now).getTime() - ago * 3_600_000 + 60_000));
    await reportUsage(atTime(t.app.deps, now), {});

    const preview = await u.query<InvoicePreview | null>('billing.invoicePreview');
    expect(preview.status, JSON.stringify(preview.error)).toBe(200);
    expect(preview.data).toMatchObject({
      amountDue: 3,
      currency: 'usd',
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      previewCalls: 200,
      reportedCalls: 200,
      reportedCostMicros: 30_000,
      billedCalls: 400,
      costMicros: 60_000,
      unreportedCalls: 200,
    });
    expect((preview.data?.amountDue ?? 0) * MICROS_PER_CENT).toBe(preview.data?.reportedCostMicros);
    // /v1/usage at that instant counts the current hour too: the preview plus the unreported calls.
    const usageNow = await keyUsageSummary(atTime(t.app.deps, now), { keyId: key.id, name: 'test key' }, { userId: u.user.id });
    expect(usageNow).toMatchObject({ billedCalls: 400, costMicros: 60_000 });

    // An hour later the current hour is settled and reported: Stripe's preview, the tab and /v1/usage agree.
    const later = new Date(now.getTime() + 3_600_000);
    await reportUsage(atTime(t.app.deps, later), {});
    const settled = (await u.query<InvoicePreview | null>('billing.invoicePreview')).data;
    expect(settled).toMatchObject({ amountDue: 6, previewCalls: 400, reportedCalls: 400, billedCalls: 400, unreportedCalls: 0 });
    const usageLater = await keyUsageSummary(atTime(t.app.deps, later), { keyId: key.id, name: 'test key' }, { userId: u.user.id });
    expect(usageLater.costMicros).toBe((settled?.amountDue ?? 0) * MICROS_PER_CENT);
    expect(settled?.costMicros).toBe(usageLater.costMicros);
    expect(fake.requests.filter((r) => r.path === '/v1/invoices/create_preview')).toHaveLength(2);
  });

  it('an account without a subscription has no invoice preview (null), and Stripe is not asked', async () => {
    const u = await taskUser(t.app);
    const asked = fake.requests.length;
    expect((await u.query<InvoicePreview | null>('billing.invoicePreview')).data).toBeNull();
    expect(fake.requests.length).toBe(asked);
  });
});

describe(`without Stripe configured (${process.env.TEST_DB})`, () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('the app says paid plans are not available, nothing in it grants Pro, and the webhook is 404', async () => {
    const u = await taskUser(plain.app);
    expect((await u.query('billing.availability')).data).toEqual({ paymentsAvailable: false });
    expect((await u.query<BillingAccount>('billing.account')).data).toMatchObject({ paymentsAvailable: false, portalAvailable: false });
    expect((await u.query('billing.invoicePreview')).data).toBeNull();
    for (const [path, input] of [
      ['billing.changePlan', { plan: 'pro' }],
      ['billing.checkout', undefined],
      ['billing.portal', undefined],
    ] as const) {
      const res = await u.mutate(path, input);
      expect(res.status, path).toBe(403);
      expect(res.error?.message).toBe(PAID_PLANS_UNAVAILABLE_MESSAGE);
    }
    const hook = await plain.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    expect((await plain.app.db.selectFrom('users').select('plan').where('id', '=', u.user.id).executeTakeFirstOrThrow()).plan).toBe('free');
  });

  it("the operator's grant (pnpm admin grant-plan) sets the plan, records it and logs who did it", async () => {
    const u = await taskUser(plain.app);
    const lines: object[] = [];
    const log = { info: (d: object) => lines.push(d), warn: () => undefined, error: () => undefined };
    expect(await grantPlan({ db: plain.app.db, log }, { email: u.user.email.toUpperCase(), plan: 'pro', operator: 'ops' })).toEqual({
      userId: u.user.id,
      from: 'free',
    });
    expect(lines).toEqual([
      expect.objectContaining({ event: 'billing.plan_granted', userId: u.user.id, from: 'free', to: 'pro', operator: 'ops' }),
    ]);
    expect((await u.query<BillingSummary>('billing.summary')).data.planChanges.map((c) => `${c.from}>${c.to}`)).toEqual(['free>pro']);
    // Downgrading an operator's grant applies at once (no subscription to run out).
    expect((await u.mutate<BillingSummary>('billing.changePlan', { plan: 'free' })).data.usage.plan).toBe('free');
  });
});
