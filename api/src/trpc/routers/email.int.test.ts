import { SEND_EMAIL_MESSAGES } from '@coinsight/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MESSAGE } from '../../plugins/errors.js';
import { SEND_EMAIL_LIMIT } from '../../services/site/limits.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, verifiedSignup } from '../../test/auth.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Coinsight <no-reply@coinsight.test>', publicUrl: 'https://coinsight.test' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseAll = false;
});

const valid = { recipient: 'friend@example.com', subject: 'BTC sentiment this week', message: 'Have a look at the sentiment chart.' };

const send = (input: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: '/trpc/email.send', payload: input as object, headers: token ? bearer(token) : {} });

describe(`Send Email panel (${process.env.TEST_DB})`, () => {
  it('refuses anonymous visitors and sends nothing', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.data.code).toBe('UNAUTHORIZED');
    expect(smtp.received).toEqual([]);
  });

  it('refuses a token that does not verify', async () => {
    expect((await send(valid, 'not-a-token')).statusCode).toBe(401);
  });

  // docs/security.md §13 (no CR/LF in headers, one recipient)
  it("sends a signed-in user's message to the one recipient, replying to the user", async () => {
    const { token, user } = await verifiedSignup(t.app);
    const res = await send({ ...valid, message: 'Line one\nLine two' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ ok: true });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(['friend@example.com']);
    expect(mail.envelopeFrom).toBe('no-reply@coinsight.test');
    expect(mail.headers.to).toBe('friend@example.com');
    expect(mail.headers.subject).toBe(valid.subject);
    expect(mail.headers['reply-to']).toBe(user.email);
    expect(mail.text).toBe(`Line one\nLine two\n\n--\nSent by ${user.username} (${user.email}) through Coinsight, https://coinsight.test`);
  });

  it.each([
    [{ subject: 'Hi\r\nBcc: victim@example.com' }, SEND_EMAIL_MESSAGES.subjectLineBreak],
    [{ subject: 'Hi\nBcc: victim@example.com' }, SEND_EMAIL_MESSAGES.subjectLineBreak],
    [{ recipient: 'friend@example.com\r\nBcc: victim@example.com' }, SEND_EMAIL_MESSAGES.recipientInvalid],
    [{ recipient: 'friend@example.com, victim@example.com' }, SEND_EMAIL_MESSAGES.recipientInvalid],
    [{ recipient: 'Friend <friend@example.com>' }, SEND_EMAIL_MESSAGES.recipientInvalid],
  ])('refuses %j with a 400, sending nothing', async (overrides, error) => {
    const { token } = await verifiedSignup(t.app);
    const res = await send({ ...valid, ...overrides }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(error);
    expect(smtp.received).toEqual([]);
  });

  it('checks the fields in the order of docs/product.md §5', async () => {
    const { token } = await verifiedSignup(t.app);
    const res = await send({ recipient: '', subject: '', message: '' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(SEND_EMAIL_MESSAGES.recipientRequired);
    expect(res.json().error.data.zodError.fieldErrors).toEqual({
      recipient: [SEND_EMAIL_MESSAGES.recipientRequired],
      subject: [SEND_EMAIL_MESSAGES.subjectRequired],
      message: [SEND_EMAIL_MESSAGES.messageRequired],
    });
    expect((await send({ ...valid, recipient: 'nobody' }, token)).json().error.message).toBe(SEND_EMAIL_MESSAGES.recipientInvalid);
  });

  // docs/security.md §13 (rate limited); the 429 carries Retry-After as on REST
  it('limits each user to 10 messages an hour, without affecting other users', async () => {
    expect(SEND_EMAIL_LIMIT).toEqual({ points: 10, durationSeconds: 60 * 60 });
    const { token } = await verifiedSignup(t.app);
    for (let i = 0; i < SEND_EMAIL_LIMIT.points; i++) expect((await send(valid, token)).statusCode).toBe(200);
    const refused = await send(valid, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SEND_EMAIL_MESSAGES.tooMany);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(smtp.received).toHaveLength(SEND_EMAIL_LIMIT.points);

    const other = await verifiedSignup(t.app);
    expect((await send(valid, other.token)).statusCode).toBe(200);
  });

  it('answers a generic 500 when the mail server refuses the message', async () => {
    const { token } = await verifiedSignup(t.app);
    smtp.refuseAll = true;
    const res = await send(valid, token);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('a send that fails does not use up the hourly allowance', async () => {
    const { token } = await verifiedSignup(t.app);
    smtp.refuseAll = true;
    for (let i = 0; i <= SEND_EMAIL_LIMIT.points; i++) expect((await send(valid, token)).statusCode).toBe(500);
    smtp.refuseAll = false;
    for (let i = 0; i < SEND_EMAIL_LIMIT.points; i++) expect((await send(valid, token)).statusCode).toBe(200);
    expect((await send(valid, token)).statusCode).toBe(429);
  });
});
