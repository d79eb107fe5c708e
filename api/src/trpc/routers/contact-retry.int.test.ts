import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../../services/mail/mailer.js';
import { CONTACT_MAIL_RETRY, deliverDueContactMail, NO_OPERATOR_ADDRESS, retryDelayMs } from '../../services/site/contact.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nextAddress } from '../../test/auth.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { atTime } from '../../services/clock.js';

const OPERATOR = 'operator@coinsight.test';
const MINUTE = 60_000;

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, contactEmail: OPERATOR });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refuseAll = false;
  // Each test starts with no message waiting, so a sweep's report is about this test's rows only.
  await t.app.db.deleteFrom('contact_messages').execute();
});

let sender = 0;
async function sendWhileMailIsDown(): Promise<{ id: number; email: string }> {
  sender += 1;
  const email = `retry${sender}@example.com`;
  smtp.refuseAll = true;
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/contact.send',
    payload: { name: 'Grace Hopper', email, subject: 'support', message: `Message ${sender}` },
    remoteAddress: nextAddress(),
  });
  smtp.refuseAll = false;
  expect(res.statusCode).toBe(200);
  return { id: res.json().result.data.id, email };
}

const deps = () => ({ db: t.app.db, mailer: t.app.mailer, log: t.app.deps.log, contactEmail: OPERATOR });
const later = (ms: number) => new Date(Date.now() + ms);
const row = (id: number) =>
  t.app.db
    .selectFrom('contact_messages')
    .select(['mailed_at', 'mail_attempts', 'next_attempt_at', 'last_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe(`contact mail retry (${process.env.TEST_DB})`, () => {
  it('delivers a stored message once the mail server is back, and only once', async () => {
    const { id, email } = await sendWhileMailIsDown();
    expect(smtp.received).toEqual([]);

    // Not due yet: the first retry waits for its back-off.
    expect(await deliverDueContactMail(atTime(deps(), new Date()), {})).toEqual({ delivered: [], failed: [] });

    const report = await deliverDueContactMail(atTime(deps(), later(retryDelayMs(1) + MINUTE)), {});
    expect(report).toEqual({ delivered: [id], failed: [] });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.envelopeTo).toEqual([OPERATOR]);
    expect(smtp.received[0]?.headers['reply-to']).toBe(email);
    expect(await row(id)).toMatchObject({ mailed_at: expect.any(Date), mail_attempts: 2, next_attempt_at: null, last_error: null });

    expect(await deliverDueContactMail(atTime(deps(), later(30 * 24 * 60 * MINUTE)), {})).toEqual({ delivered: [], failed: [] });
    expect(smtp.received).toHaveLength(1);
  });

  it('two sweeps at the same moment (two servers) deliver each message exactly once', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await sendWhileMailIsDown()).id);
    const now = later(retryDelayMs(1) + MINUTE);
    const [a, b] = await Promise.all([deliverDueContactMail(atTime(deps(), now), {}), deliverDueContactMail(atTime(deps(), now), {})]);
    expect([...a.delivered, ...b.delivered].sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
    expect([...a.failed, ...b.failed]).toEqual([]);
    expect(smtp.received).toHaveLength(5);
    expect(new Set(smtp.received.map((m) => m.text.match(/Message \d+/)?.[0])).size).toBe(5);
  });

  it('backs off while the mailer keeps failing, then gives up and keeps the message on file', async () => {
    const { id } = await sendWhileMailIsDown();
    smtp.refuseAll = true;
    let now = Date.now();
    const waits: number[] = [];
    for (let attempt = 2; attempt <= CONTACT_MAIL_RETRY.maxAttempts; attempt++) {
      const before = await row(id);
      now = before.next_attempt_at!.getTime();
      const report = await deliverDueContactMail(atTime(deps(), new Date(now)), {});
      expect(report.failed.map((f) => f.id)).toEqual([id]);
      const after = await row(id);
      expect(after.mail_attempts).toBe(attempt);
      expect(after.last_error).toContain('Mailbox unavailable');
      if (after.next_attempt_at) waits.push(after.next_attempt_at.getTime() - now);
    }
    expect(waits).toEqual(waits.map((_, i) => retryDelayMs(i + 2)));
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(await row(id)).toMatchObject({ mailed_at: null, next_attempt_at: null });
    smtp.refuseAll = false;
    expect(await deliverDueContactMail(atTime(deps(), new Date(now + 30 * 24 * 60 * MINUTE)), {})).toEqual({ delivered: [], failed: [] });
    expect(smtp.received).toEqual([]);
  });

  it('a sender holding a row (its lease) keeps every other sweep away from it', async () => {
    const { id } = await sendWhileMailIsDown();
    const due = later(retryDelayMs(1) + MINUTE);
    let sends = 0;
    let release: () => void = () => {};
    const slow: Mailer = {
      ...t.app.mailer,
      send: async (mail) => {
        sends += 1;
        await new Promise<void>((resolve) => (release = resolve));
        await t.app.mailer.send(mail);
      },
    };
    const first = deliverDueContactMail(atTime({ ...deps(), mailer: slow }, due), {});
    while (sends === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // The first sender is mid-send: a second sweep, even minutes later, finds nothing to do.
    expect(await deliverDueContactMail(atTime(deps(), new Date(due.getTime() + 5 * MINUTE)), {})).toEqual({ delivered: [], failed: [] });
    release();
    expect((await first).delivered).toEqual([id]);
    expect(smtp.received).toHaveLength(1);
  });

  it('the sweep runs by itself in the server', async () => {
    const app = await createTestApp({ smtpUrl: smtp.url, contactEmail: OPERATOR, contactMailSweepMs: 20 });
    try {
      await app.app.db
        .insertInto('contact_messages')
        .values({
          name: 'Ada',
          email: 'timer@example.com',
          subject: 'general',
          message: 'Hi',
          mailed_at: null,
          next_attempt_at: new Date(0),
        })
        .execute();
      while (!app.logs.join('').includes('contact message mailed on retry')) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(smtp.received.filter((m) => m.headers['reply-to'] === 'timer@example.com')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe(`contact form without CONTACT_EMAIL (${process.env.TEST_DB})`, () => {
  it('stores the message and keeps its copy in the outbox, sending nothing over SMTP', async () => {
    const bare = await createTestApp({ smtpUrl: smtp.url, contactEmail: undefined });
    try {
      const contact = await bare.app.inject({ method: 'GET', url: '/trpc/site.contact' });
      expect(contact.json().result.data).toEqual({ email: null });
      const input = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'general', message: 'Hello' };
      const res = await bare.app.inject({ method: 'POST', url: '/trpc/contact.send', payload: input });
      expect(res.statusCode).toBe(200);
      const mail = await bare.app.db.selectFrom('outbox').select(['to_address', 'reply_to', 'text_body']).executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_address: NO_OPERATOR_ADDRESS, reply_to: input.email });
      expect(mail.text_body).toContain('Hello');
      expect(await bare.app.db.selectFrom('contact_messages').select('mailed_at').executeTakeFirstOrThrow()).toEqual({
        mailed_at: expect.any(Date),
      });
      expect(smtp.received).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
