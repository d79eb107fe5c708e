import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, lastMailTo, mailsTo, nextAddress, signup } from '../test/auth.js';

// A stolen session must not become a stolen account.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://app.coinsight.test' });
});

afterAll(async () => {
  await t?.close();
});

const put = (url: string, payload: object, token: string) => t.app.inject({ method: 'PUT', url, payload, headers: bearer(token) });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });

function linkToken(text: string, path: 'verify-email' | 'revert-email'): string {
  const match = text.match(new RegExp(`https://app\\.coinsight\\.test/${path}\\?token=([A-Za-z0-9_-]{43})\\n`));
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

async function requestChange() {
  const account = await signup(t.app);
  const newEmail = `moved.${account.user.email}`;
  const res = await put(
    '/api/users/profile',
    { username: account.user.username, email: newEmail, currentPassword: account.body.password },
    account.token,
  );
  expect(res.statusCode).toBe(200);
  const verifyMail = await lastMailTo(t.app, newEmail);
  const noticeMail = (await mailsTo(t.app, account.user.email, 1)).at(-1);
  if (!noticeMail) throw new Error('no notice to the old address');
  return { ...account, newEmail, res, verifyToken: linkToken(verifyMail.text_body, 'verify-email'), noticeMail };
}

describe(`email change (${process.env.TEST_DB})`, () => {
  // docs/security.md §4 (the email, like the password, needs the current password)
  it('needs the current password, and wrong guesses are throttled like logins (429 + Retry-After)', async () => {
    const { token, user, body } = await signup(t.app);
    const change = (currentPassword?: string) =>
      put('/api/users/profile', { username: user.username, email: `x.${user.email}`, currentPassword }, token);
    expect((await change()).json()).toEqual({ error: 'Enter your current password to change your email' });
    for (let i = 0; i < 5; i++) expect((await change(`Wrong-Guess-${i}`)).json()).toEqual({ error: 'Current password is incorrect' });
    const refused = await change(body.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(token)).json().email).toBe(user.email);
  });

  // docs/security.md §2, §4
  it('wrong current passwords on change-password are throttled the same way', async () => {
    const { token, body } = await signup(t.app);
    const change = (currentPassword: string) =>
      put('/api/users/change-password', { currentPassword, newPassword: 'N3w-Otter-Path' }, token);
    for (let i = 0; i < 5; i++) expect((await change(`Wrong-Guess-${i}`)).statusCode).toBe(400);
    const refused = await change(body.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  // docs/security.md §4, §5
  it('keeps the old address until the new one is confirmed; the old one is told, with a link to undo it', async () => {
    const { token, user, body, newEmail, res, verifyToken, noticeMail } = await requestChange();
    expect(res.json()).toEqual({
      message: 'Profile updated. Check your new inbox: the new email address takes effect once you open the link we sent to it.',
      user,
      pendingEmail: newEmail,
    });
    expect((await me(token)).json().email).toBe(user.email);
    expect(noticeMail.subject).toBe('Your Coinsight email address is being changed');
    expect(noticeMail.text_body).toContain(newEmail);
    linkToken(noticeMail.text_body, 'revert-email');
    // Until confirmed, the new address can neither sign in nor receive a reset link.
    expect((await post('/api/auth/login', { email: newEmail, password: body.password })).statusCode).toBe(401);
    await post('/api/auth/forgot-password', { email: newEmail });
    await t.app.deps.background.idle();
    const toNew = await t.app.db.selectFrom('outbox').select('subject').where('to_address', '=', newEmail).execute();
    expect(toNew.map((m) => m.subject)).toEqual(['Confirm your new Coinsight email address']);
    // Only a hash of the link is stored.
    const stored = await t.app.db
      .selectFrom('email_changes')
      .select('verify_token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.verify_token_hash).toBe(createHash('sha256').update(verifyToken).digest('hex'));
  });

  it('the link mailed to the new address makes it the account’s, once', async () => {
    const { token, user, body, newEmail, verifyToken } = await requestChange();
    const verified = await post('/api/users/verify-email', { token: verifyToken });
    expect(verified.json()).toEqual({ message: 'Your email address has been changed.', email: newEmail });
    // Following the link proved the new address, as the sign-up confirmation would have.
    expect((await me(token)).json()).toEqual({ ...user, email: newEmail, emailVerified: true });
    expect((await post('/api/auth/login', { email: newEmail, password: body.password })).statusCode).toBe(200);
    expect((await post('/api/users/verify-email', { token: verifyToken })).json()).toEqual({
      error: 'This link is invalid or has expired.',
    });
  });

  it('refuses an expired link and a link voided by a newer request', async () => {
    const first = await requestChange();
    const again = await put(
      '/api/users/profile',
      { username: first.user.username, email: `again.${first.user.email}`, currentPassword: first.body.password },
      first.token,
    );
    expect(again.json().pendingEmail).toBe(`again.${first.user.email}`);
    expect((await post('/api/users/verify-email', { token: first.verifyToken })).statusCode).toBe(400);

    const second = await requestChange();
    await t.app.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', second.user.id)
      .execute();
    expect((await post('/api/users/verify-email', { token: second.verifyToken })).statusCode).toBe(400);
  });

  // docs/security.md §6
  it('"This wasn’t me" after the change went through puts the old address back and ends every session', async () => {
    const { token, user, body, newEmail, verifyToken, noticeMail } = await requestChange();
    await post('/api/users/verify-email', { token: verifyToken });
    const reverted = await post('/api/users/revert-email', { token: linkToken(noticeMail.text_body, 'revert-email') });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json().message).toMatch(/every session of your account was signed out/);
    expect((await me(token)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: newEmail, password: body.password })).statusCode).toBe(401);
    const signedIn = await post('/api/auth/login', { email: user.email, password: body.password });
    expect(signedIn.json().user.email).toBe(user.email);
  });

  it('"This wasn’t me" before confirmation cancels the change', async () => {
    const { verifyToken, noticeMail, user } = await requestChange();
    expect((await post('/api/users/revert-email', { token: linkToken(noticeMail.text_body, 'revert-email') })).statusCode).toBe(200);
    expect((await post('/api/users/verify-email', { token: verifyToken })).statusCode).toBe(400);
    const row = await t.app.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
  });

  it('username changes need no password', async () => {
    const { token, user } = await signup(t.app);
    const res = await put('/api/users/profile', { username: `${user.username}_2`, email: user.email }, token);
    expect(res.json().user.username).toBe(`${user.username}_2`);
  });

  it('over tRPC: the pending address can be read back after a reload', async () => {
    const { token, newEmail } = await requestChange();
    const res = await t.app.inject({ method: 'GET', url: '/trpc/user.emailChange', headers: bearer(token) });
    expect(res.json().result.data).toEqual({ pendingEmail: newEmail });
  });
});
