import { CONTACT_MESSAGES } from '@coinsight/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../../services/site/limits.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nextAddress } from '../../test/auth.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

const OPERATOR = 'operator@coinsight.test';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, contactEmail: OPERATOR, mailFrom: 'Coinsight <no-reply@coinsight.test>' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseAll = false;
});

let sender = 0;
function message(overrides: Record<string, unknown> = {}) {
  sender += 1;
  return {
    name: 'Ada Lovelace',
    email: `ada${sender}@example.com`,
    subject: 'support',
    message: 'The export never finishes.',
    ...overrides,
  };
}

const send = (input: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/trpc/contact.send', payload: input as object, remoteAddress });

const stored = (email: string) =>
  t.app.db.selectFrom('contact_messages').select(['name', 'subject', 'message', 'mailed_at']).where('email', '=', email).execute();

describe(`contact form (${process.env.TEST_DB})`, () => {
  // docs/security.md §13 (no CR/LF in headers)
  it("stores the message and mails it to the operator's address, replying to the sender", async () => {
    const input = message({ message: 'Hello team,\nthe export never finishes.' });
    const res = await send(input);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ id: expect.any(Number) });

    const [row] = await stored(input.email);
    expect(row).toMatchObject({ name: 'Ada Lovelace', subject: 'support', message: 'Hello team,\nthe export never finishes.' });
    expect(row?.mailed_at).toBeInstanceOf(Date);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual([OPERATOR]);
    expect(mail.envelopeFrom).toBe('no-reply@coinsight.test');
    expect(mail.headers['reply-to']).toBe(input.email);
    expect(mail.headers.subject).toBe('Contact form: Technical Support from Ada Lovelace');
    expect(mail.text).toContain(`From: Ada Lovelace <${input.email}>`);
    expect(mail.text).toContain('Hello team,\nthe export never finishes.');
  });

  it.each([
    [{ name: 'Ada\r\nBcc: victim@example.com' }, CONTACT_MESSAGES.nameLineBreak],
    [{ name: 'Ada\nBcc: victim@example.com' }, CONTACT_MESSAGES.nameLineBreak],
    [{ email: 'ada@example.com\r\nBcc: victim@example.com' }, CONTACT_MESSAGES.emailInvalid],
    [{ email: 'ada@example.com,victim@example.com' }, CONTACT_MESSAGES.emailInvalid],
  ])('refuses header injection %j with a 400, storing and sending nothing', async (overrides, error) => {
    const input = message(overrides);
    const res = await send(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(error);
    expect(smtp.received).toEqual([]);
    expect(await t.app.db.selectFrom('contact_messages').select('id').where('name', 'like', '%Bcc%').execute()).toEqual([]);
  });

  it.each([
    ['name', CONTACT_MESSAGES.nameRequired],
    ['email', CONTACT_MESSAGES.emailRequired],
    ['subject', CONTACT_MESSAGES.subjectRequired],
    ['message', CONTACT_MESSAGES.messageRequired],
  ])('answers a missing %s with a 400 naming it', async (field, error) => {
    const input: Record<string, unknown> = message();
    delete input[field];
    const res = await send(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(error);
    expect(res.json().error.data.zodError.fieldErrors[field]).toEqual([error]);
  });

  it('refuses an unknown subject and over-long fields', async () => {
    expect((await send(message({ subject: 'sales' }))).json().error.message).toBe(CONTACT_MESSAGES.subjectRequired);
    expect((await send(message({ name: 'x'.repeat(101) }))).json().error.message).toBe(CONTACT_MESSAGES.nameTooLong);
    expect((await send(message({ message: 'x'.repeat(5_001) }))).json().error.message).toBe(CONTACT_MESSAGES.messageTooLong);
    expect(smtp.received).toEqual([]);
  });

  // docs/security.md §13 (rate limited)
  it('limits messages per client address', async () => {
    const address = nextAddress();
    for (let i = 0; i < CONTACT_LIMIT.points; i++) expect((await send(message(), address)).statusCode).toBe(200);
    const refused = await send(message(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(CONTACT_MESSAGES.tooMany);
    expect(smtp.received).toHaveLength(CONTACT_LIMIT.points);
  });

  it('limits messages per sender address, whichever client sends them', async () => {
    const input = message();
    for (let i = 0; i < CONTACT_LIMIT.points; i++)
      expect((await send({ ...input, email: input.email.toUpperCase() })).statusCode).toBe(200);
    expect((await send(input)).statusCode).toBe(429);
  });

  it('keeps the message, thanks the visitor and schedules a retry when the mail server refuses it', async () => {
    smtp.refuseAll = true;
    const input = message();
    const res = await send(input);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ id: expect.any(Number) });
    const [row] = await t.app.db
      .selectFrom('contact_messages')
      .select(['mailed_at', 'mail_attempts', 'next_attempt_at', 'last_error'])
      .where('email', '=', input.email)
      .execute();
    expect(row).toMatchObject({ mailed_at: null, mail_attempts: 1 });
    expect(row?.next_attempt_at?.getTime()).toBeGreaterThan(Date.now());
    expect(row?.last_error).toContain('Mailbox unavailable');
    expect(smtp.received).toEqual([]);
  });
});
