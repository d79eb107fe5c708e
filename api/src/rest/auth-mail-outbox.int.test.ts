import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { lastMailTo, resetTokenFrom, signupAndForgetPassword } from '../test/auth.js';

/** Asks for a reset mail and answers its token, once the mail is in the outbox. */
async function resetMail(t: TestApp): Promise<string> {
  const body = await signupAndForgetPassword(t.app);
  return resetTokenFrom((await lastMailTo(t.app, body.email)).text_body);
}

describe(`mail without SMTP_URL (${process.env.TEST_DB})`, () => {
  let server: TestApp;
  let embedded: TestApp;

  beforeAll(async () => {
    // PostgreSQL mode (printMail false) and the embedded default (printMail true), as toAppConfig sets them.
    server = await createTestApp({ printMail: false });
    embedded = await createTestApp({ printMail: true });
  });

  afterAll(async () => {
    await server?.close();
    await embedded?.close();
  });

  it('outside the embedded mode the mail is stored in the outbox and its body, reset token included, stays out of the log', async () => {
    const token = await resetMail(server);
    const logs = server.logs.join('');
    expect(logs).toContain('mail stored in the outbox');
    expect(logs).toContain('Reset your Coinsight password');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('/reset-password');
  });

  it('in the embedded default the mail is printed too, so a local user can follow the link', async () => {
    const token = await resetMail(embedded);
    expect(embedded.logs.join('')).toContain(`/reset-password?token=${token}`);
  });
});
