import { NEWSLETTER_MESSAGES } from '@coinsight/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_LIMIT } from '../services/site/limits.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { nextAddress } from '../test/auth.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const subscribe = (input: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/trpc/newsletter.subscribe', payload: input as object, remoteAddress });

const rowsFor = (email: string) =>
  t.app.db.selectFrom('newsletter_subscribers').select('email').where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();

describe(`newsletter (${process.env.TEST_DB})`, () => {
  it('stores a valid address and says so', async () => {
    const res = await subscribe({ email: '  reader@example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ status: 'subscribed' });
    expect(await rowsFor('reader@example.com')).toEqual([{ email: 'reader@example.com' }]);
  });

  it('is idempotent: the same address again, in any case, keeps one row and says it is already subscribed', async () => {
    await subscribe({ email: 'twice@example.com' });
    const again = await subscribe({ email: 'Twice@Example.COM' });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.data).toEqual({ status: 'already-subscribed' });
    expect(await rowsFor('twice@example.com')).toHaveLength(1);
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

  it('limits attempts per address with a 429 that says when to retry', async () => {
    const address = nextAddress();
    for (let i = 0; i < NEWSLETTER_LIMIT.points; i++) {
      expect((await subscribe({ email: `burst${i}@example.com` }, address)).statusCode).toBe(200);
    }
    const refused = await subscribe({ email: 'one-too-many@example.com' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(NEWSLETTER_MESSAGES.tooMany);
    expect(refused.json().error.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(await rowsFor('one-too-many@example.com')).toEqual([]);
    // Another visitor is not affected.
    expect((await subscribe({ email: 'other@example.com' })).statusCode).toBe(200);
  });
});
