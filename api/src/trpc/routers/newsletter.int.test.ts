import { NEWSLETTER_MESSAGES } from '@coinsight/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ADDRESS_LIMIT, NEWSLETTER_LIMIT } from '../../services/site/limits.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nextAddress } from '../../test/auth.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

const PUBLIC_URL = 'https://coinsight.example';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await t?.close();
});

const call = (procedure: string, input: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/newsletter.${procedure}`,
    payload: input as object,
    remoteAddress,
    // Links must come from PUBLIC_URL, whatever Host the request names.
    headers: { host: 'attacker.example' },
  });
const subscribe = (input: unknown, remoteAddress?: string) => call('subscribe', input, remoteAddress);

const subscriber = (email: string) =>
  t.app.db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'status'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();

const mailsTo = (email: string) =>
  t.app.db.selectFrom('outbox').select(['subject', 'text_body', 'headers']).where('to_address', '=', email).orderBy('id').execute();

async function lastMailTo(email: string) {
  const mail = (await mailsTo(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

function link(text: string, path: string): URL {
  const line = text.split('\n').find((l) => l.startsWith(`${PUBLIC_URL}${path}?`));
  if (!line) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(line);
}
const tokenOf = (url: URL) => url.searchParams.get('token') ?? '';

let n = 0;
const nextEmail = () => `reader${++n}@example.com`;

async function subscribeAndReadLink(email: string) {
  const res = await subscribe({ email });
  expect(res.statusCode).toBe(200);
  const mail = await lastMailTo(email);
  return {
    mail,
    confirm: tokenOf(link(mail.text_body, '/newsletter/confirm')),
    unsubscribe: link(mail.text_body, '/newsletter/unsubscribe'),
  };
}

describe(`newsletter double opt-in (${process.env.TEST_DB})`, () => {
  it('subscribing stores a pending address and mails a confirmation link built from PUBLIC_URL', async () => {
    const res = await subscribe({ email: '  reader@example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ status: 'confirmation-sent' });
    expect(await subscriber('reader@example.com')).toEqual([{ email: 'reader@example.com', status: 'pending' }]);

    const mail = await lastMailTo('reader@example.com');
    expect(mail.subject).toBe('Confirm your Coinsight newsletter subscription');
    expect(mail.text_body).not.toContain('attacker.example');
    const confirm = link(mail.text_body, '/newsletter/confirm');
    expect(tokenOf(confirm)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const unsubscribe = link(mail.text_body, '/newsletter/unsubscribe');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/newsletter/unsubscribe?token=${encodeURIComponent(tokenOf(unsubscribe))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Only a hash of the confirmation token is stored.
    const stored = await t.app.db.selectFrom('newsletter_confirmations').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(confirm));
  });

  it('only a confirmed address counts; the link works once', async () => {
    const email = nextEmail();
    const { confirm } = await subscribeAndReadLink(email);
    const res = await call('confirm', { token: confirm });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ status: 'confirmed' });
    expect(await subscriber(email)).toEqual([{ email, status: 'confirmed' }]);

    const again = await call('confirm', { token: confirm });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(NEWSLETTER_MESSAGES.confirmUsed);
  });

  it('an expired link, or one replaced by a newer mail, says it expired', async () => {
    const email = nextEmail();
    const first = await subscribeAndReadLink(email);
    const second = await subscribeAndReadLink(email);
    const replaced = await call('confirm', { token: first.confirm });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().error.message).toBe(NEWSLETTER_MESSAGES.confirmExpired);

    await t.app.db
      .updateTable('newsletter_confirmations')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('used_at', 'is', null)
      .execute();
    const expired = await call('confirm', { token: second.confirm });
    expect(expired.json().error.message).toBe(NEWSLETTER_MESSAGES.confirmExpired);
    expect(await subscriber(email)).toEqual([{ email, status: 'pending' }]);
  });

  it.each([['not-a-token'], ['x'.repeat(43)], ['']])('refuses the confirmation token %j as not valid', async (token) => {
    const res = await call('confirm', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NEWSLETTER_MESSAGES.confirmInvalid);
  });

  it("unsubscribes with the mail's link (the page's call), again and again", async () => {
    const email = nextEmail();
    const { confirm, unsubscribe } = await subscribeAndReadLink(email);
    await call('confirm', { token: confirm });
    for (let i = 0; i < 2; i++) {
      const res = await call('unsubscribe', { token: tokenOf(unsubscribe) });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toEqual({ status: 'unsubscribed' });
    }
    expect(await subscriber(email)).toEqual([{ email, status: 'unsubscribed' }]);
  });

  it('unsubscribes with the one-click POST of the List-Unsubscribe header (RFC 8058), keeping the token out of the log', async () => {
    const email = nextEmail();
    const { mail, confirm } = await subscribeAndReadLink(email);
    await call('confirm', { token: confirm });
    const target = new URL(/^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
    expect(target.origin).toBe(PUBLIC_URL);

    const res = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unsubscribed' });
    expect(await subscriber(email)).toEqual([{ email, status: 'unsubscribed' }]);
    // (The outbox mailer prints whole mails on purpose; the request log must not repeat the token.)
    const requestLines = t.logs.filter((line) => line.includes('"req":'));
    expect(requestLines.join('')).not.toContain(tokenOf(target));
    expect(requestLines.join('')).toContain('/api/newsletter/unsubscribe?token=[redacted]');

    // A GET (a link scanner, or a client without one-click) only leads to the page that asks.
    const get = await t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`${PUBLIC_URL}/newsletter/unsubscribe${target.search}`);
  });

  it('refuses a forged or damaged unsubscribe token, on both surfaces', async () => {
    const email = nextEmail();
    const { unsubscribe } = await subscribeAndReadLink(email);
    const [id] = tokenOf(unsubscribe).split('.');
    for (const token of [`${Number(id) + 1}.${tokenOf(unsubscribe).split('.')[1]}`, `${id}.${'A'.repeat(43)}`, 'garbage']) {
      const viaTrpc = await call('unsubscribe', { token });
      expect(viaTrpc.statusCode).toBe(400);
      expect(viaTrpc.json().error.message).toBe(NEWSLETTER_MESSAGES.unsubscribeInvalid);
      const viaRest = await t.app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
        payload: {},
      });
      expect(viaRest.statusCode).toBe(400);
      expect(viaRest.json()).toEqual({ error: NEWSLETTER_MESSAGES.unsubscribeInvalid });
    }
    expect(await subscriber(email)).toEqual([{ email, status: 'pending' }]);
  });

  it('unsubscribing voids a confirmation link still in the inbox', async () => {
    const email = nextEmail();
    const { confirm, unsubscribe } = await subscribeAndReadLink(email);
    await call('unsubscribe', { token: tokenOf(unsubscribe) });
    expect((await call('confirm', { token: confirm })).json().error.message).toBe(NEWSLETTER_MESSAGES.confirmExpired);
    expect(await subscriber(email)).toEqual([{ email, status: 'unsubscribed' }]);
  });

  it('answers the same for a new, pending, confirmed or unsubscribed address; the mailbox learns which', async () => {
    const pending = nextEmail();
    await subscribe({ email: pending });
    const confirmed = nextEmail();
    await call('confirm', { token: (await subscribeAndReadLink(confirmed)).confirm });
    const left = nextEmail();
    const leftLinks = await subscribeAndReadLink(left);
    await call('confirm', { token: leftLinks.confirm });
    await call('unsubscribe', { token: tokenOf(leftLinks.unsubscribe) });

    const answers = [];
    for (const email of [nextEmail(), pending.toUpperCase(), confirmed, left]) {
      const res = await subscribe({ email });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);

    const notice = await lastMailTo(confirmed);
    expect(notice.subject).toBe('You are already subscribed to the Coinsight newsletter');
    expect(notice.text_body).not.toContain('/newsletter/confirm');
    expect(notice.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await subscriber(confirmed)).toEqual([{ email: confirmed, status: 'confirmed' }]);

    // The address that had left gets a fresh link and, once it confirms, is back.
    const back = tokenOf(link((await lastMailTo(left)).text_body, '/newsletter/confirm'));
    expect((await call('confirm', { token: back })).statusCode).toBe(200);
    expect(await subscriber(left)).toEqual([{ email: left, status: 'confirmed' }]);
    expect(await subscriber(pending)).toHaveLength(1);
  });

  it('mails one address at most a few times an hour, whoever asks, with the same answer past that', async () => {
    const email = nextEmail();
    for (let i = 0; i < NEWSLETTER_ADDRESS_LIMIT.points + 2; i++) {
      const res = await subscribe({ email });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toEqual({ status: 'confirmation-sent' });
    }
    expect(await mailsTo(email)).toHaveLength(NEWSLETTER_ADDRESS_LIMIT.points);
  });

  it.each([
    [{ email: '' }, NEWSLETTER_MESSAGES.emailRequired],
    [{}, NEWSLETTER_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, NEWSLETTER_MESSAGES.emailInvalid],
    [{ email: 'a@example.com, b@example.com' }, NEWSLETTER_MESSAGES.emailInvalid],
    [{ email: `${'x'.repeat(250)}@example.com` }, NEWSLETTER_MESSAGES.emailInvalid],
  ])('refuses %j with a 400 and a clear message', async (input, message) => {
    const res = await subscribe(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('limits attempts per client address with a 429 that says when to retry', async () => {
    const address = nextAddress();
    for (let i = 0; i < NEWSLETTER_LIMIT.points; i++) {
      expect((await subscribe({ email: `burst${i}@example.com` }, address)).statusCode).toBe(200);
    }
    const refused = await subscribe({ email: 'one-too-many@example.com' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(NEWSLETTER_MESSAGES.tooMany);
    expect(refused.json().error.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(await subscriber('one-too-many@example.com')).toEqual([]);
    expect((await subscribe({ email: 'other@example.com' })).statusCode).toBe(200);
  });
});

describe(`newsletter mail over SMTP (${process.env.TEST_DB})`, () => {
  let smtp: TestSmtpServer;
  let s: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    s = await createTestApp({ publicUrl: PUBLIC_URL, smtpUrl: smtp.url });
  });

  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('carries the one-click unsubscribe headers and the unsubscribe link', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/trpc/newsletter.subscribe', payload: { email: 'smtp-reader@example.com' } });
    expect(res.statusCode).toBe(200);
    const mail = smtp.received.at(-1);
    expect(mail?.envelopeTo).toEqual(['smtp-reader@example.com']);
    expect(mail?.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/newsletter/unsubscribe\\?token=\\d+\\.[A-Za-z0-9_-]{43}>$`),
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toMatch(new RegExp(`\\n${PUBLIC_URL}/newsletter/unsubscribe\\?token=\\d+\\.[A-Za-z0-9_-]{43}$`));
  });
});
