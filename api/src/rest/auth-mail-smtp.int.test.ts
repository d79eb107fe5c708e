import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { CONFIRMATION_SUBJECT, nextAddress, resetTokenFrom, signupAndForgetPassword } from '../test/auth.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  // A real SMTP server on loopback: the app's mail crosses an actual SMTP conversation.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Coinsight <no-reply@coinsight.test>',
    publicUrl: 'http://localhost:3000',
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function mailTo(address: string): Promise<Received> {
  // Mail goes out after the answer; a loaded machine can take seconds to deliver it.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    // The sign-up's own confirmation mail is not the one these tests wait for.
    const mail = received.find((m) => m.to.includes(address) && !m.raw.includes(`Subject: ${CONFIRMATION_SUBJECT}`));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail reached ${address}`);
}

/** The body of a received message, with quoted-printable soft line breaks undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe(`mail over SMTP (${process.env.TEST_DB})`, () => {
  it('sends the reset link by SMTP, stores nothing in the outbox, and the link resets the password', async () => {
    const body = await signupAndForgetPassword(t.app);
    const mail = await mailTo(body.email);
    expect(mail.from).toBe('no-reply@coinsight.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Coinsight password/m);
    const text = bodyOf(mail.raw);
    expect(text).toContain('http://localhost:3000/reset-password?token=');
    expect(await t.app.db.selectFrom('outbox').select('id').execute()).toEqual([]);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetTokenFrom(text), password: 'R3set-Heron-77' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'R3set-Heron-77' },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a line break in a header field before anything is sent', async () => {
    const before = received.length;
    await expect(t.app.mailer.send({ to: 'a@example.com\r\nBcc: victim@example.com', subject: 'Hi', text: 'x' })).rejects.toThrow(
      'The to of a message may not contain line breaks',
    );
    await expect(t.app.mailer.send({ to: 'a@example.com', subject: 'Hi\nBcc: victim@example.com', text: 'x' })).rejects.toThrow(
      'The subject of a message may not contain line breaks',
    );
    expect(received.length).toBe(before);
  });
});
