import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const OPERATOR = 'operator@coinsight.test';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ contactEmail: OPERATOR });
});

afterAll(async () => {
  await t?.close();
});

describe(`contact form without SMTP (${process.env.TEST_DB})`, () => {
  it('keeps the operator copy in the outbox with the reply-to address', async () => {
    const input = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'billing', message: 'Where is my invoice?' };
    const res = await t.app.inject({ method: 'POST', url: '/trpc/contact.send', payload: input });
    expect(res.statusCode).toBe(200);
    const mail = await t.app.db.selectFrom('outbox').select(['to_address', 'subject', 'reply_to', 'text_body']).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: OPERATOR,
      subject: 'Contact form: Billing Question from Ada Lovelace',
      reply_to: input.email,
    });
    expect(mail.text_body).toContain(input.message);
    const row = await t.app.db.selectFrom('contact_messages').select(['subject', 'mailed_at']).executeTakeFirstOrThrow();
    expect(row.subject).toBe('billing');
    expect(row.mailed_at).toBeInstanceOf(Date);
  });
});
