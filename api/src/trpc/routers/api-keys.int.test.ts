import { API_KEY_MESSAGES, PLANS, planLimitMessage, type ApiKey, type CreatedApiKey } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, CONFIRMATION_SUBJECT, confirmationTokenFor, mailsTo, signup } from '../../test/auth.js';
import { trpcCaller } from '../../test/trpc.js';

// Keys from the settings api tab, behind a confirmed email address.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://app.coinsight.test' });
});

afterAll(async () => {
  await t?.close();
});

async function newUser() {
  const { token, user } = await signup(t.app);
  const auth = bearer(token);
  return {
    user,
    // A fresh address per mutation: link attempts are limited per address.
    ...trpcCaller(t.app, auth, { freshAddress: true }),
  };
}

const signedOut = () => trpcCaller(t.app, {}, { freshAddress: true });
const verifyAccount = (token: string) => signedOut().mutate<{ message: string }>('auth.verifyAccount', { token });

async function verifiedUser() {
  const u = await newUser();
  expect((await verifyAccount(await confirmationTokenFor(t.app, u.user.email))).status).toBe(200);
  return u;
}

const v1 = (secret: string) => t.app.inject({ method: 'GET', url: '/v1/no-such-route', headers: bearer(secret) });

describe(`email confirmation (${process.env.TEST_DB})`, () => {
  it('sign-up mails a link to PUBLIC_URL/confirm-email; it confirms the address once', async () => {
    const u = await newUser();
    expect(u.user).toMatchObject({ emailVerified: false });
    const token = await confirmationTokenFor(t.app, u.user.email);
    const [mail] = await mailsTo(t.app, u.user.email, 1, { withConfirmation: true });
    expect(mail?.subject).toBe(CONFIRMATION_SUBJECT);
    expect(mail?.text_body).toContain(`https://app.coinsight.test/confirm-email?token=${token}\n`);
    const first = await verifyAccount(token);
    expect(first.data).toEqual({ message: 'Your email address is confirmed. You can now create API keys.' });
    expect((await u.query<{ emailVerified: boolean }>('auth.me')).data.emailVerified).toBe(true);
    const again = await verifyAccount(token);
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe('This confirmation link is invalid, used or expired. Request a new one from Settings.');
    // Only the hash is stored, and neither the token nor the link reaches the log.
    const stored = await t.app.db.selectFrom('email_verifications').select('token_hash').where('user_id', '=', u.user.id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(t.logs.join('')).not.toContain(token);
  });

  it('refuses an expired link and a made-up one', async () => {
    const u = await newUser();
    const token = await confirmationTokenFor(t.app, u.user.email);
    await t.app.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.user.id)
      .execute();
    expect((await verifyAccount(token)).status).toBe(400);
    expect((await verifyAccount('x'.repeat(43))).status).toBe(400);
    expect((await verifyAccount('')).error?.message).toBe('Invalid or missing link');
    expect((await u.query<{ emailVerified: boolean }>('auth.me')).data.emailVerified).toBe(false);
  });

  it('a link for an address the account no longer has confirms nothing', async () => {
    const u = await newUser();
    const token = await confirmationTokenFor(t.app, u.user.email);
    await t.app.db
      .updateTable('users')
      .set({ email: `moved.${u.user.email}` })
      .where('id', '=', u.user.id)
      .execute();
    expect((await verifyAccount(token)).status).toBe(400);
  });

  it('resend mails a new working link, is throttled per user, and is refused once confirmed', async () => {
    const u = await newUser();
    const first = await confirmationTokenFor(t.app, u.user.email);
    const resent = await u.mutate<{ message: string }>('user.resendVerification');
    expect(resent.data.message).toBe(`We sent a new confirmation link to ${u.user.email}. It works for 24 hours.`);
    await mailsTo(t.app, u.user.email, 2, { withConfirmation: true });
    const second = await confirmationTokenFor(t.app, u.user.email);
    expect(second).not.toBe(first);
    expect((await u.mutate('user.resendVerification')).status).toBe(200);
    expect((await u.mutate('user.resendVerification')).status).toBe(200);
    const throttled = await u.mutate('user.resendVerification');
    expect(throttled.status).toBe(429);
    expect(throttled.error?.message).toBe('Too many confirmation emails requested. Please wait and try again.');
    expect((await verifyAccount(second)).status).toBe(200);
    // The other open links were spent with it.
    expect((await verifyAccount(first)).status).toBe(400);
    const done = await u.mutate('user.resendVerification');
    expect(done.status).toBe(400);
    expect(done.error?.message).toBe('Your email address is already confirmed.');
  });
});

describe(`API keys (${process.env.TEST_DB})`, () => {
  it('creating a key needs a confirmed address (403); the rest of the account works unconfirmed', async () => {
    const u = await newUser();
    const refused = await u.mutate('apiKeys.create', { name: 'first' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(API_KEY_MESSAGES.verifyFirst);
    expect((await u.query<ApiKey[]>('apiKeys.list')).data).toEqual([]);
  });

  // docs/security.md §17
  it('lifecycle: create shows the secret once; list, rename; /v1 accepts it until it is deleted', async () => {
    const u = await verifiedUser();
    const created = await u.mutate<CreatedApiKey>('apiKeys.create', { name: '  Production  ' });
    expect(created.status).toBe(200);
    const { key, secret } = created.data;
    expect(secret).toMatch(/^cs_live_[0-9A-Za-z]{33}$/);
    expect(key).toEqual({
      id: expect.any(Number),
      name: 'Production',
      prefix: secret.slice(0, 12),
      mode: 'live',
      createdAt: expect.any(String),
      lastUsedAt: null,
      callsThisMonth: 0,
    });

    // The key works on /v1: an unknown path answers 404 only past authentication.
    expect((await v1(secret)).statusCode).toBe(404);
    const listed = await u.query<ApiKey[]>('apiKeys.list');
    expect(listed.data).toEqual([{ ...key, lastUsedAt: expect.any(String) }]);
    expect(listed.body).not.toContain(secret.slice(12));

    const renamed = await u.mutate<ApiKey>('apiKeys.rename', { id: key.id, name: 'Staging' });
    expect(renamed.data).toMatchObject({ id: key.id, name: 'Staging', prefix: key.prefix });

    expect((await u.mutate('apiKeys.delete', { id: key.id })).data).toEqual({ ok: true });
    const after = await v1(secret);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Invalid API key');
    expect((await u.query<ApiKey[]>('apiKeys.list')).data).toEqual([]);
    expect((await u.mutate('apiKeys.delete', { id: key.id })).status).toBe(404);
    expect((await u.mutate('apiKeys.rename', { id: key.id, name: 'back' })).status).toBe(404);

    // docs/security.md §16, §17: the secret never reaches a log line.
    expect(t.logs.join('')).not.toContain(secret.slice(8));
  });

  // docs/security.md §10
  it("another user's key is a 404 to rename and delete, and keeps working", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const { key, secret } = (await owner.mutate<CreatedApiKey>('apiKeys.create', { name: 'mine' })).data;
    for (const [path, input] of [
      ['apiKeys.rename', { id: key.id, name: 'stolen' }],
      ['apiKeys.delete', { id: key.id }],
    ] as const) {
      const res = await other.mutate(path, input);
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe(API_KEY_MESSAGES.notFound);
    }
    expect((await other.query<ApiKey[]>('apiKeys.list')).data).toEqual([]);
    expect((await owner.query<ApiKey[]>('apiKeys.list')).data).toMatchObject([{ id: key.id, name: 'mine' }]);
    expect((await v1(secret)).statusCode).toBe(404);
  });

  const maxKeys = PLANS.free.limits.apiKeys;
  it(`docs/security.md §26: allows the Free plan's ${maxKeys} live keys per account, then 403 naming the cap; a deleted one frees a place`, async () => {
    const u = await verifiedUser();
    const ids: number[] = [];
    for (let i = 0; i < maxKeys; i++) ids.push((await u.mutate<CreatedApiKey>('apiKeys.create', { name: `key ${i}` })).data.key.id);
    const refused = await u.mutate('apiKeys.create', { name: 'one too many' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(planLimitMessage('free', 'apiKeys'));
    expect(refused.error?.message).toBe(
      'Your Free plan allows 5 API keys. Delete one you no longer use to add another, or upgrade to Pro for 20.',
    );
    await u.mutate('apiKeys.delete', { id: ids[0] });
    expect((await u.mutate('apiKeys.create', { name: 'replacement' })).status).toBe(200);
    expect((await u.query<ApiKey[]>('apiKeys.list')).data).toHaveLength(maxKeys);
  });

  it('names are 1 to 64 characters', async () => {
    const u = await verifiedUser();
    expect((await u.mutate('apiKeys.create', { name: '   ' })).error?.message).toBe('Name is required');
    expect((await u.mutate('apiKeys.create', { name: 'x'.repeat(65) })).error?.message).toBe(API_KEY_MESSAGES.nameTooLong);
    expect((await u.mutate('apiKeys.create', { name: 'x'.repeat(64) })).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await signedOut().query('apiKeys.list')).status).toBe(401);
    expect((await signedOut().mutate('apiKeys.create', { name: 'x' })).status).toBe(401);
  });
});
