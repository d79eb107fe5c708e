import {
  ALERT_MESSAGES,
  MAIL_BUDGET,
  MAIL_BUDGET_MESSAGES,
  SEND_EMAIL_MESSAGES,
  type Alert,
  type NotificationPage,
} from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkAlerts } from '../../services/alerts/check.js';
import { createApiKey } from '../../services/api-keys/keys.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup, verifyEmail } from '../../test/auth.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { trpcCaller } from '../../test/trpc.js';
import { atTime } from '../../services/clock.js';

// Mail goes only to a verified address, within one budget per account shared by
// alert mail and Send Email, and within a global sending rate past which mail waits, never lost.

let smtp: TestSmtpServer;
let t: TestApp;
// The check reads ticks at or before `now`; each check moves the clock forward.
let clock = Date.now();
const nextMinute = () => new Date((clock += 60_000));

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://coinsight.test', contactEmail: 'operator@coinsight.test' });
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

async function newUser(options: { verified: boolean; plan?: 'free' | 'pro' }) {
  const { token, user } = await signup(t.app);
  if (options.verified) await verifyEmail(t.app, user.id);
  if (options.plan) await t.app.db.updateTable('users').set({ plan: options.plan }).where('id', '=', user.id).execute();
  const auth = bearer(token);
  return {
    id: user.id,
    email: user.email,
    ...trpcCaller(t.app, auth),
  };
}

/** A BTC tick at $1,000,000 and the check the tick job runs after it: every armed "BTC above 1" fires. */
async function btcTick() {
  const now = nextMinute();
  await t.app.db
    .insertInto('price_ticks')
    .values({ asset: 'BTC', time: now, price: 1_000_000, volume_24h: null, market_cap: null })
    .execute();
  return checkAlerts(atTime(t.app.deps, now), {});
}

const btcAboveOne = { symbol: 'BTC', price: 1, condition: 'above' };
const mailsTo = (to: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(to));
const sendEmail = { recipient: 'friend@example.com', subject: 'Hello', message: 'A message.' };

describe(`docs/security.md §25: mail only to a verified address (${process.env.TEST_DB})`, () => {
  it('docs/security.md §25: an unverified account gets 403 naming verification for an email alert, on tRPC create and update and on /v1', async () => {
    const user = await newUser({ verified: false });
    const refused = await user.mutate('alerts.create', btcAboveOne);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(ALERT_MESSAGES.verifyForEmail);
    expect(refused.error?.message).toMatch(/Verify your email address/);

    // Email defaults to on: only an explicit "in-app only" alert is made.
    const inApp = await user.mutate<Alert>('alerts.create', { ...btcAboveOne, email: false });
    expect(inApp.status).toBe(200);
    const turnedOn = await user.mutate('alerts.update', { id: inApp.data.id, email: true });
    expect(turnedOn.status).toBe(403);
    expect(turnedOn.error?.message).toBe(ALERT_MESSAGES.verifyForEmail);
    expect((await user.query<Alert[]>('alerts.list')).data).toMatchObject([{ id: inApp.data.id, email: false }]);

    // /v1: a key needs a verified address, so this account had one when the key was made and has
    // since changed it (the new address unverified): the key still works, email alerts do not.
    const keyed = await newUser({ verified: true });
    const { secret } = await createApiKey(t.app.deps, { name: 'test' }, { userId: keyed.id });
    await t.app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', keyed.id).execute();
    const v1 = await t.app.inject({ method: 'POST', url: '/v1/alerts/create', headers: bearer(secret), payload: btcAboveOne });
    expect(v1.statusCode).toBe(403);
    expect(v1.json()).toMatchObject({ error: { code: 'forbidden', message: ALERT_MESSAGES.verifyForEmail } });
    const v1InApp = await t.app.inject({
      method: 'POST',
      url: '/v1/alerts/create',
      headers: bearer(secret),
      payload: { ...btcAboveOne, email: false },
    });
    expect(v1InApp.statusCode).toBe(201);
  });

  it("docs/security.md §25: an unverified account's in-app alerts fire; no mail is sent", async () => {
    const user = await newUser({ verified: false });
    const alert = await user.mutate<Alert>('alerts.create', { ...btcAboveOne, email: false });
    expect(alert.status).toBe(200);
    await btcTick();
    const page = (await user.query<NotificationPage>('alerts.notifications.list')).data;
    expect(page.notifications).toMatchObject([{ alertId: alert.data.id, title: 'BTC is above $1.00' }]);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('docs/security.md §25: an email alert mails only while the address is verified at the moment it fires', async () => {
    const user = await newUser({ verified: true });
    expect((await user.mutate('alerts.create', btcAboveOne)).status).toBe(200);
    // The address changed since (its verification went with it).
    await t.app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', user.id).execute();
    await btcTick();
    expect((await user.query<NotificationPage>('alerts.notifications.list')).data.notifications).toHaveLength(1);
    expect(mailsTo(user.email)).toEqual([]);
    expect(t.logs.join('')).toContain('alert mail not sent: the address is not verified');
  });

  it('docs/security.md §25: Send Email from an unverified account is 403 naming verification, and nothing is sent', async () => {
    const user = await newUser({ verified: false });
    const res = await user.mutate('email.send', sendEmail);
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe(SEND_EMAIL_MESSAGES.verifyFirst);
    expect(smtp.received).toEqual([]);
  });
});

describe(`docs/security.md §25: one mail budget per account (${process.env.TEST_DB})`, () => {
  it(`docs/security.md §25: alert mail and Send Email share ${MAIL_BUDGET.perHour} mails an hour; past it Send Email is 429 with Retry-After and alert mail is held back, noted in-app`, async () => {
    // Pro, so the active-alert cap (docs/security.md §26) is not what stops it.
    const user = await newUser({ verified: true, plan: 'pro' });
    const other = await newUser({ verified: true });
    const sendEmails = 5;
    for (let i = 0; i < sendEmails; i++) expect((await user.mutate('email.send', sendEmail)).status).toBe(200);

    const alerts = MAIL_BUDGET.perHour - sendEmails + 3;
    for (let i = 0; i < alerts; i++) expect((await user.mutate('alerts.create', btcAboveOne)).status).toBe(200);
    expect((await other.mutate('alerts.create', btcAboveOne)).status).toBe(200);
    await btcTick();

    // The budget's rest went to alert mail; three alerts were held back.
    const alertMails = mailsTo(user.email);
    expect(alertMails).toHaveLength(MAIL_BUDGET.perHour - sendEmails);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('friend@example.com'))).toHaveLength(sendEmails);
    const page = (await user.query<NotificationPage>('alerts.notifications.list')).data;
    expect(page.notifications).toHaveLength(alerts);
    const heldBack = page.notifications.filter((n) => n.body.endsWith(MAIL_BUDGET_MESSAGES.alertHeldBack));
    expect(heldBack).toHaveLength(3);
    expect(t.logs.join('')).toContain('alert mail held back: the account reached its mail budget');
    // Another account's budget is its own.
    expect(mailsTo(other.email)).toHaveLength(1);

    const refused = await user.mutate('email.send', sendEmail);
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(MAIL_BUDGET_MESSAGES.hour);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('friend@example.com'))).toHaveLength(sendEmails);

    // A contact-form copy from this account is held back too; the message itself is on file.
    const contact = { name: 'Ann', email: user.email, subject: 'general', message: 'Hello there, a question.' };
    const held = await user.mutate<{ id: number }>('contact.send', contact);
    expect(held.status).toBe(200);
    const stored = await t.app.db
      .selectFrom('contact_messages')
      .select(['mailed_at', 'message'])
      .where('id', '=', held.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ mailed_at: null, message: contact.message });
    expect(t.logs.join('')).toContain('contact copy held back: the account reached its mail budget');
    // Anyone else's copy still goes out.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/trpc/contact.send',
      payload: { ...contact, email: 'someone@example.com' },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('operator@coinsight.test'))).toHaveLength(1);
  });
});

describe(`docs/security.md §25: a global sending rate queues mail, never drops it (${process.env.TEST_DB})`, () => {
  it('docs/security.md §25: past MAIL_RATE_PER_SECOND mail waits in the outbox table and the sweep sends all of it', async () => {
    // The test holds the rate's gate, open for the sign-up's mail and closed for the alerts' burst:
    // what it checks then does not depend on how long the sends take on a loaded machine.
    let open = true;
    const gate = async () => open;
    const slow = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://coinsight.test', mailQueueSweepMs: 100 }, { mailRate: gate });
    try {
      await seedAssets(slow.app.db);
      const { user } = await signup(slow.app);
      await verifyEmail(slow.app, user.id);
      const count = 6;
      for (let i = 0; i < count; i++) {
        await slow.app.db
          .insertInto('alerts')
          .values({ user_id: user.id, kind: 'price', symbol: 'BTC', condition: 'above', threshold: 1, email: true, webhook_url: null })
          .execute();
      }
      const now = nextMinute();
      await slow.app.db
        .insertInto('price_ticks')
        .values({ asset: 'BTC', time: now, price: 2, volume_24h: null, market_cap: null })
        .execute();
      open = false;
      expect(await checkAlerts(atTime(slow.app.deps, now), {})).toEqual({ fired: count });

      // Past the rate: the rest is kept in the outbox table, unsent, and the log says so.
      const waiting = async () =>
        slow.app.db.selectFrom('outbox').select('id').where('to_address', '=', user.email).where('sent_at', 'is', null).execute();
      for (const deadline = Date.now() + 60_000; (await waiting()).length < count && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await waiting()).toHaveLength(count);
      expect(slow.logs.join('')).toContain('mail queued: past the global sending rate');

      // The rate has room again: the sweep sends every queued mail; none was dropped.
      open = true;
      for (const deadline = Date.now() + 60_000; mailsTo(user.email).length < count && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mailsTo(user.email)).toHaveLength(count);
      // A row is marked sent after the SMTP server has taken its mail: on a loaded machine the
      // sink can hold the last mail before the sweep has written that, so wait for the rows too.
      const queuedRows = () =>
        slow.app.db.selectFrom('outbox').select(['sent_at', 'next_attempt_at', 'subject']).where('to_address', '=', user.email).execute();
      let queued = await queuedRows();
      for (const deadline = Date.now() + 30_000; queued.some((row) => row.sent_at === null) && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        queued = await queuedRows();
      }
      expect(queued).toHaveLength(count);
      for (const row of queued)
        expect(row).toMatchObject({ sent_at: expect.any(Date), next_attempt_at: null, subject: 'Coinsight alert: BTC is above $1.00' });
    } finally {
      await slow.close();
    }
  });
});
