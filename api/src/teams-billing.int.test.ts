import { TEAM_MESSAGES, type BillingAccount, type BillingSummary, type Invoice, type RedirectUrl } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from './services/alerts/check.js';
import { recordBudgetNotices } from './services/billing/budgets/notices.js';
import { monthOf } from './services/billing/period.js';
import { atTime } from './services/clock.js';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, mailsTo } from './test/auth.js';
import { startFakeStripe, stripeSignature, type FakeStripe } from './test/fake-stripe.js';
import { makeTeam, teamPerson, type TeamPerson } from './test/teams.js';

// A team's bill and its mail (docs/accounts.md, "Teams"), against the local fake Stripe on PGlite
// and PostgreSQL: the billing role's checkout comes back to the team's screen and, through Stripe's
// signed webhook, puts Pro on the team's account (nobody's personal plan); every mail about the
// team's account (payment failed, budget notices, fired alerts) reaches the members whose role
// reads it, and nothing goes to the team account's reserved `.invalid` address.

const STRIPE = {
  secretKey: 'sk_test_fake_coinsight',
  webhookSecret: 'whsec_test_coinsight',
  priceId: 'price_pro_metered',
  meterEventName: 'coinsight_api_calls',
};

let fake: FakeStripe;
let t: TestApp;
let owner: TeamPerson;
let admin: TeamPerson;
let member: TeamPerson;
let billing: TeamPerson;
let rival: TeamPerson;
let teamId: string;
let accountId: string;

const teamScreen = () => `http://localhost:3000/settings?tab=team&team=${teamId}`;

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/stripe-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, STRIPE.webhookSecret) },
    payload,
  });
}

const planOf = async (userId: string) =>
  (await t.app.db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow()).plan;

/** Subjects of the mails to `to`, other than invitations and sign-up's confirmation. */
async function subjectsTo(to: string): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('outbox')
    .select('subject')
    .where('to_address', '=', to)
    .where('subject', 'not like', 'You are invited%')
    .where('subject', '!=', 'Confirm your Coinsight email address')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.subject);
}

/** Waits for a mail to `to` with `subject` (mail sent after the answer may land a moment later). */
async function mailWithSubject(to: string, subject: string) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const row = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .where('subject', '=', subject)
      .executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

const reservedMails = async () =>
  (await t.app.db.selectFrom('outbox').select('to_address').where('to_address', 'like', '%.invalid').execute()).length;

beforeAll(async () => {
  fake = await startFakeStripe(STRIPE);
  t = await createTestApp({
    stripe: { ...STRIPE, meterId: 'mtr_fake1', api: { host: '127.0.0.1', port: fake.port, protocol: 'http' } },
  });
  await seedAssets(t.app.db);
  [owner, admin, member, billing, rival] = [
    await teamPerson(t.app),
    await teamPerson(t.app),
    await teamPerson(t.app),
    await teamPerson(t.app),
    await teamPerson(t.app),
  ];
  ({ teamId, accountId } = await makeTeam(t.app, owner, 'Acme billing', [
    [admin, 'admin'],
    [member, 'member'],
    [billing, 'billing'],
  ]));
  await makeTeam(t.app, rival, 'Rival');
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe(`a team's bill and mail (${process.env.TEST_DB})`, () => {
  it("the billing role's checkout (REST) comes back to the team's screen; Stripe's webhook puts Pro on the team's account", async () => {
    for (const [who, status] of [
      [admin, 403],
      [member, 403],
      [rival, 404],
    ] as const) {
      const refused = await who.rest('POST', `/api/teams/${teamId}/checkout`);
      expect(refused.statusCode, refused.body).toBe(status);
    }
    const checkout = await billing.rest('POST', `/api/teams/${teamId}/checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = new URL(checkout.json<RedirectUrl>().url).pathname.split('/').pop() ?? '';
    const session = fake.sessions.get(sessionId);
    expect(session).toMatchObject({
      client_reference_id: accountId,
      success_url: `${teamScreen()}&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${teamScreen()}&checkout=cancelled`,
    });
    // Stripe's receipts go to the member who opened checkout, never to the team's reserved address.
    expect(fake.customers.get(String(session?.customer))).toMatchObject({ email: billing.user.email, name: 'Acme billing' });

    const { events } = await fake.completeCheckout(sessionId, { send: false });
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    expect(await planOf(accountId)).toBe('pro');
    for (const who of [owner, billing]) expect(await planOf(who.user.id)).toBe('free');

    const seen = await owner.rest('GET', `/api/teams/${teamId}/billing`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<BillingAccount>()).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });
    expect((await member.rest('GET', `/api/teams/${teamId}/billing`)).statusCode).toBe(403);
    expect((await rival.rest('GET', `/api/teams/${teamId}/billing`)).json()).toEqual({ error: TEAM_MESSAGES.notFound });
    // Every role reads the plan through the usage; the owner's personal bill is untouched.
    expect((await member.trpc.query<BillingSummary>('teams.usage', { teamId })).data.usage.plan).toBe('pro');
    expect((await owner.trpc.query<BillingSummary>('billing.summary')).data.usage.plan).toBe('free');
  });

  it("invoices and the portal (REST): the billing roles only, the portal back to the team's screen", async () => {
    const customer = (
      await t.app.db.selectFrom('billing_accounts').select('stripe_customer_id').where('user_id', '=', accountId).executeTakeFirstOrThrow()
    ).stripe_customer_id;
    fake.addInvoice(customer, 2_000, 'paid');
    const invoices = await owner.rest('GET', `/api/teams/${teamId}/invoices`);
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect(invoices.json<Invoice[]>().length).toBeGreaterThanOrEqual(1);
    expect((await admin.rest('GET', `/api/teams/${teamId}/invoices`)).statusCode).toBe(403);
    const portal = await billing.rest('POST', `/api/teams/${teamId}/portal`);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(fake.portalSessions.at(-1)).toMatchObject({ customer, return_url: teamScreen() });
    expect((await member.rest('POST', `/api/teams/${teamId}/portal`)).statusCode).toBe(403);
    // Going back to Free is the billing roles' too (a paid plan is cancelled in the portal).
    const plan = await admin.rest('PUT', `/api/teams/${teamId}/plan`, { plan: 'free' });
    expect(plan.statusCode).toBe(403);
  });

  it("a failed payment mails the team's owners and billing members, not admins or members, and nothing to .invalid", async () => {
    const subscription = [...fake.subscriptions.values()].find((s) => (s.metadata as { user_id?: string }).user_id === accountId);
    const failed = await fake.failPayment(String(subscription?.id), { send: false });
    for (const event of failed) expect((await deliver(event)).statusCode).toBe(200);
    for (const who of [owner, billing]) {
      const mail = await mailWithSubject(who.user.email, 'Your Coinsight payment failed');
      expect(mail.text_body).toContain(`Hello ${who.user.username},`);
      expect(mail.text_body).toContain('the team Acme billing');
      expect(mail.text_body).toContain(teamScreen());
    }
    for (const who of [admin, member, rival]) expect(await subjectsTo(who.user.email)).toEqual([]);
    expect(await reservedMails()).toBe(0);
  });

  it("budget notices go to the owners and billing members, with a link to the team's screen", async () => {
    const budget = await billing.rest('PUT', `/api/teams/${teamId}/budget`, { amountUsd: 1 });
    expect(budget.statusCode, budget.body).toBe(200);
    const recorded = await recordBudgetNotices(t.app.deps, { userId: accountId, month: monthOf(new Date()).start, billedCalls: 10_000 });
    expect(recorded).toEqual([80, 100]);
    for (const who of [owner, billing]) {
      const subjects = await subjectsTo(who.user.email);
      expect(subjects.filter((s) => s.includes('API budget'))).toEqual([
        'Coinsight: 80% of your $1.00 API budget used',
        'Coinsight: Your $1.00 API budget is reached',
      ]);
      const [, reached] = (await mailsTo(t.app, who.user.email, 3)).filter((m) => m.subject.includes('API budget'));
      expect(reached?.text_body).toContain(`See the usage or change the budget: ${teamScreen()}`);
    }
    for (const who of [admin, member]) expect((await subjectsTo(who.user.email)).some((s) => s.includes('budget'))).toBe(false);
    expect(await reservedMails()).toBe(0);
  });

  it('a fired team alert mails the members who read alerts (owner, admin, member), not the billing role', async () => {
    const key = await owner.rest('POST', `/api/teams/${teamId}/keys`, { name: 'alerts' });
    const secret = key.json<{ secret: string }>().secret;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/alerts/create',
      headers: bearer(secret),
      payload: { symbol: 'DOGE', price: 1, condition: 'above', email: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    const now = new Date(Date.now() + 60_000);
    await t.app.db.insertInto('price_ticks').values({ asset: 'DOGE', time: now, price: 2, volume_24h: null, market_cap: null }).execute();
    expect(await checkAlerts(atTime(t.app.deps, now), {})).toEqual({ fired: 1 });
    for (const who of [owner, admin, member]) {
      const alertMails = (await subjectsTo(who.user.email)).filter((s) => s.startsWith('Coinsight alert:'));
      expect(alertMails).toHaveLength(1);
    }
    expect((await subjectsTo(billing.user.email)).some((s) => s.startsWith('Coinsight alert:'))).toBe(false);
    expect(await reservedMails()).toBe(0);
  });

  it('a forgot-password request for a team account’s address sends nothing', async () => {
    const row = await t.app.db.selectFrom('users').select('email').where('id', '=', accountId).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: row.email } });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reservedMails()).toBe(0);
  });

  it('owners and admins rename the team and its keys (REST and tRPC); members, billing and other teams cannot', async () => {
    const renamed = await admin.rest('PATCH', `/api/teams/${teamId}`, { name: '  Acme billing & co ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: teamId, name: 'Acme billing & co', role: 'admin', plan: 'pro' });
    expect((await member.trpc.query<{ name: string }>('teams.get', { teamId })).data.name).toBe('Acme billing & co');
    expect((await owner.trpc.mutate('teams.rename', { teamId, name: 'Acme billing' })).status).toBe(200);
    for (const who of [member, billing]) expect((await who.rest('PATCH', `/api/teams/${teamId}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await rival.rest('PATCH', `/api/teams/${teamId}`, { name: 'Mine' })).json()).toEqual({ error: TEAM_MESSAGES.notFound });
    const empty = await owner.rest('PATCH', `/api/teams/${teamId}`, { name: '  ' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { error: TEAM_MESSAGES.nameRequired, param: 'name' }]);

    const key = (await owner.rest('POST', `/api/teams/${teamId}/keys`, { name: 'old name' })).json<{ key: { id: number } }>().key;
    const keyRenamed = await admin.rest('PATCH', `/api/teams/${teamId}/keys/${key.id}`, { name: 'new name' });
    expect(keyRenamed.statusCode, keyRenamed.body).toBe(200);
    expect(keyRenamed.json()).toMatchObject({ id: key.id, name: 'new name' });
    expect((await member.rest('PATCH', `/api/teams/${teamId}/keys/${key.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await rival.rest('PATCH', `/api/teams/${teamId}/keys/${key.id}`, { name: 'x' })).statusCode).toBe(404);
  });
});
