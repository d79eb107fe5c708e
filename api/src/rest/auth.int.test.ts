import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, GOOD_PASSWORD, lastMailTo, mailsTo, newAccount, nextAddress, resetTokenFrom, signup } from '../test/auth.js';

let t: TestApp;
const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const issuedTokens: string[] = [];
const usedPasswords: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET, publicUrl: 'https://app.coinsight.test' });
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() });
const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers });
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });

async function newUser() {
  const created = await signup(t.app);
  issuedTokens.push(created.token);
  usedPasswords.push(created.body.password);
  return created;
}

describe(`sign-up (${process.env.TEST_DB})`, () => {
  it('creates the account and answers 201 { token, user } with exactly the public user fields', async () => {
    const body = newAccount();
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    issuedTokens.push(token);
    expect(Object.keys(user).sort()).toEqual(['avatar', 'created_at', 'email', 'emailVerified', 'id', 'socialAccounts', 'username']);
    expect(user).toMatchObject({
      emailVerified: false,
      username: body.username,
      email: body.email,
      avatar: null,
      socialAccounts: { twitter: '', facebook: '', instagram: '' },
    });
    expect(user.id).toMatch(/^usr_/);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  // docs/security.md §3
  it('stores an argon2id hash at OWASP strength, never the password', async () => {
    const { user, body } = await newUser();
    const row = await t.app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const params = row.password_hash
      .match(/^\$argon2id\$v=19\$([^$]+)\$/)?.[1]
      ?.split(',')
      .sort();
    expect(params).toEqual(['m=19456', 'p=1', 't=2']);
    expect(row.password_hash).not.toContain(body.password);
  });

  it.each([
    [
      { email: 'a@example.com', password: GOOD_PASSWORD },
      { error: 'Username is required', param: 'username' },
    ],
    [
      { username: '', email: 'a@example.com', password: GOOD_PASSWORD },
      { error: 'Username is required', param: 'username' },
    ],
    [
      { username: 'ab', email: 'a@example.com', password: GOOD_PASSWORD },
      { error: 'Username must be 3 to 32 characters long', param: 'username' },
    ],
    [
      { username: 'bad name', email: 'a@example.com', password: GOOD_PASSWORD },
      { error: 'Username may contain only letters, digits, dots, dashes and underscores', param: 'username' },
    ],
    [
      { username: 'someone', password: GOOD_PASSWORD },
      { error: 'Email is required', param: 'email' },
    ],
    [
      { username: 'someone', email: 'not-an-email', password: GOOD_PASSWORD },
      { error: 'Email is invalid', param: 'email' },
    ],
    [
      { username: 'someone', email: 'a@example.com' },
      { error: 'Password is required', param: 'password' },
    ],
    [
      { username: 'someone', email: 'a@example.com', password: 'Ab1' },
      { error: 'Password must be at least 4 characters long', param: 'password' },
    ],
    [
      { username: 'someone', email: 'a@example.com', password: 'alllowercase1' },
      { error: 'Password must contain uppercase, lowercase and number', param: 'password' },
    ],
    [
      { username: 'someone', email: 'a@example.com', password: 'NoDigitsHere' },
      { error: 'Password must contain uppercase, lowercase and number', param: 'password' },
    ],
    [
      { username: 'someone', email: 'a@example.com', password: `Aa1${'x'.repeat(130)}` },
      { error: 'Password must be at most 128 characters long', param: 'password' },
    ],
    [{ username: 'someone', email: 'a@example.com', password: 'Password1' }, { error: 'Password is too common' }],
    [{ username: 'someone', email: 'a@example.com', password: 'Qwerty123' }, { error: 'Password is too common' }],
  ])('refuses %j with 400 %j', async (body, answer) => {
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(answer);
  });

  it('checks the rules in the spec order: the username problem is reported first', async () => {
    const res = await post('/api/auth/signup', { email: 'bad', password: 'x' });
    expect(res.json()).toEqual({ error: 'Username is required', param: 'username' });
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body must be a JSON object' });
  });

  it('answers 409 for an email already registered, in any case', async () => {
    const { body } = await newUser();
    const res = await post('/api/auth/signup', newAccount({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'An account with this email already exists' });
  });

  it('answers 409 for a username already taken, in any case', async () => {
    const { body } = await newUser();
    const res = await post('/api/auth/signup', newAccount({ username: body.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This username is already taken' });
  });
});

describe('sign-in and tokens', () => {
  it('signs in with the right password (email in any case) and the token reads the user', async () => {
    const { user, body } = await newUser();
    const res = await post('/api/auth/login', { email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    const { token, user: loggedIn } = res.json();
    issuedTokens.push(token);
    expect(loggedIn).toEqual(user);
    const me = await getUser(token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  // docs/security.md §1
  it('a wrong password and an unknown email get the same 401 answer', async () => {
    const { body } = await newUser();
    const wrong = await post('/api/auth/login', { email: body.email, password: 'Wrong-Pass-1' });
    const unknown = await post('/api/auth/login', { email: 'nobody.here@example.com', password: 'Wrong-Pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
  });

  it('login validates its input like the modal: email first', async () => {
    expect((await post('/api/auth/login', { password: 'x' })).json()).toEqual({ error: 'Email is required', param: 'email' });
    expect((await post('/api/auth/login', { email: 'x@y', password: 'x' })).json()).toEqual({ error: 'Email is invalid', param: 'email' });
    expect((await post('/api/auth/login', { email: 'x@example.com' })).json()).toEqual({
      error: 'Password is required',
      param: 'password',
    });
  });

  it('GET /api/auth/user without a token, or with a malformed header, is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const basic = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  // docs/security.md §7
  it('refuses forged, alg:none, other-algorithm and expired tokens', async () => {
    const { token, user } = await newUser();
    const claims = jwt.decode(token) as { sub: string; jti: string; ver: number };
    const forged = jwt.sign({ ver: claims.ver }, 'another-secret-of-at-least-32-chars!!', {
      subject: user.id,
      jwtid: claims.jti,
      algorithm: 'HS256',
    });
    const none = jwt.sign({ ver: claims.ver, sub: user.id, jti: claims.jti }, '', { algorithm: 'none' });
    const hs512 = jwt.sign({ ver: claims.ver }, SECRET, { subject: user.id, jwtid: claims.jti, algorithm: 'HS512' });
    const expired = jwt.sign({ ver: claims.ver, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET, {
      subject: user.id,
      jwtid: claims.jti,
      algorithm: 'HS256',
    });
    const tampered = `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, sub: 'usr_someoneelse' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of [forged, none, hs512, expired, tampered, 'not.a.jwt']) {
      expect((await getUser(bad)).statusCode).toBe(401);
    }
    expect((await getUser(token)).statusCode).toBe(200);
  });

  // docs/security.md §8
  it('logout ends that token on the server; other sessions stay signed in', async () => {
    const { token, body } = await newUser();
    const other = (await post('/api/auth/login', { email: body.email, password: body.password })).json().token as string;
    const res = await post('/api/auth/logout', {}, bearer(token));
    expect(res.statusCode).toBe(204);
    expect((await getUser(token)).statusCode).toBe(401);
    expect((await getUser(other)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(401);
  });
});

describe('profile', () => {
  // docs/security.md §11
  it('updates username and social handles, and ignores fields a user may not set', async () => {
    const { token, user } = await newUser();
    const update = {
      username: `${user.username}_x`,
      email: user.email.toUpperCase(),
      socialAccounts: { twitter: '@coinfan', instagram: 'coin.fan', facebook: '' },
      tier: 'pro',
      plan: 'pro',
      token_version: 99,
      id: 'usr_hijack',
    };
    const res = await put('/api/users/profile', update, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Profile updated successfully.',
      user: {
        ...user,
        username: update.username,
        email: update.email,
        socialAccounts: { twitter: 'coinfan', instagram: 'coin.fan', facebook: '' },
      },
      pendingEmail: null,
    });
    const row = await t.app.db
      .selectFrom('users')
      .select(['plan', 'token_version', 'id'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plan: 'free', token_version: 0, id: user.id });
    expect((await getUser(token)).json().email).toBe(update.email);
  });

  it('refuses another account’s email (behind the password check) with 409, changing nothing', async () => {
    const first = await newUser();
    const second = await newUser();
    const noPassword = await put('/api/users/profile', { username: second.user.username, email: first.user.email }, bearer(second.token));
    expect(noPassword.json()).toEqual({ error: 'Enter your current password to change your email' });
    const res = await put(
      '/api/users/profile',
      { username: second.user.username, email: first.user.email, currentPassword: second.body.password },
      bearer(second.token),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'An account with this email already exists' });
    expect((await getUser(second.token)).json()).toEqual(second.user);
  });

  it('validates like sign-up and needs a signed-in user', async () => {
    const { token, user } = await newUser();
    expect((await put('/api/users/profile', { username: user.username, email: 'bad' }, bearer(token))).json()).toEqual({
      error: 'Email is invalid',
      param: 'email',
    });
    expect((await put('/api/users/profile', { username: 'x y z', email: user.email, socialAccounts: {} })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  // docs/security.md §4
  it('needs the current password', async () => {
    const { token } = await newUser();
    const res = await put('/api/users/change-password', { currentPassword: 'Not-The-One-1', newPassword: 'N3w-Otter-Path' }, bearer(token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Current password is incorrect' });
  });

  it('applies the password rules to the new password', async () => {
    const { token, body } = await newUser();
    const weak = await put('/api/users/change-password', { currentPassword: body.password, newPassword: 'weakpass' }, bearer(token));
    expect(weak.json()).toEqual({ error: 'Password must contain uppercase, lowercase and number', param: 'newPassword' });
    const common = await put('/api/users/change-password', { currentPassword: body.password, newPassword: 'Password123' }, bearer(token));
    expect(common.json()).toEqual({ error: 'Password is too common' });
  });

  // docs/security.md §4, §6
  it('ends every older token, answers a fresh one, and tells the user by mail', async () => {
    const { token, body, user } = await newUser();
    const otherDevice = (await post('/api/auth/login', { email: body.email, password: body.password })).json().token as string;
    const res = await put('/api/users/change-password', { currentPassword: body.password, newPassword: 'N3w-Otter-Path' }, bearer(token));
    expect(res.statusCode).toBe(200);
    const { message, token: fresh } = res.json();
    issuedTokens.push(fresh);
    usedPasswords.push('N3w-Otter-Path');
    expect(message).toBe('Password changed successfully.');
    expect((await getUser(token)).statusCode).toBe(401);
    expect((await getUser(otherDevice)).statusCode).toBe(401);
    expect((await getUser(fresh)).json()).toEqual(user);
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: body.email, password: 'N3w-Otter-Path' })).statusCode).toBe(200);
    expect((await lastMailTo(t.app, body.email)).subject).toBe('Your Coinsight password was changed');
  });
});

describe('password reset', () => {
  const RESET_ANSWER = { message: 'If an account exists for that email, a password reset link has been sent.' };

  // docs/security.md §1
  it('answers the same for a known and an unknown email', async () => {
    const { body } = await newUser();
    const known = await post('/api/auth/forgot-password', { email: body.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'no.such.user@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(RESET_ANSWER);
    expect(unknown.body).toBe(known.body);
  });

  // docs/security.md §5
  it('mails a link built from PUBLIC_URL (not the Host header) and stores only a hash of the token', async () => {
    const { body, user } = await newUser();
    await post('/api/auth/forgot-password', { email: body.email }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const mail = await lastMailTo(t.app, body.email);
    expect(mail.subject).toBe('Reset your Coinsight password');
    expect(mail.text_body).toMatch(/https:\/\/app\.coinsight\.test\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.text_body).not.toContain('evil.example');
    const token = resetTokenFrom(mail.text_body);
    const stored = await t.app.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(token);
  });

  // docs/security.md §5, §6
  it('resets once: the token cannot be used again, older sessions end, the new password works', async () => {
    const { body, token: session } = await newUser();
    await post('/api/auth/forgot-password', { email: body.email });
    const token = resetTokenFrom((await lastMailTo(t.app, body.email)).text_body);
    const res = await post('/api/auth/reset-password', { token, password: 'R3set-Heron-77' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset.' });
    usedPasswords.push('R3set-Heron-77');
    expect((await getUser(session)).statusCode).toBe(401);
    const again = await post('/api/auth/reset-password', { token, password: 'An0ther-Heron-8' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This reset link is invalid or has expired. Please request a new one.' });
    expect((await post('/api/auth/login', { email: body.email, password: 'R3set-Heron-77' })).statusCode).toBe(200);
    expect((await lastMailTo(t.app, body.email)).subject).toBe('Your Coinsight password was changed');
  });

  // docs/security.md §5
  it('voids the older tokens of the user once one is used', async () => {
    const { body } = await newUser();
    await post('/api/auth/forgot-password', { email: body.email });
    await post('/api/auth/forgot-password', { email: body.email });
    const [first, second] = (await mailsTo(t.app, body.email, 2)).map((mail) => resetTokenFrom(mail.text_body));
    expect(second).not.toBe(first);
    expect((await post('/api/auth/reset-password', { token: second ?? '', password: 'R3set-Heron-77' })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: first ?? '', password: 'An0ther-Heron-8' })).statusCode).toBe(400);
  });

  // docs/security.md §5
  it('refuses an expired token', async () => {
    const { body, user } = await newUser();
    await post('/api/auth/forgot-password', { email: body.email });
    const token = resetTokenFrom((await lastMailTo(t.app, body.email)).text_body);
    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await post('/api/auth/reset-password', { token, password: 'R3set-Heron-77' });
    expect(res.statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  });

  it('refuses a missing or unknown token with the spec message or the invalid-link message', async () => {
    expect((await post('/api/auth/reset-password', { password: 'R3set-Heron-77' })).json()).toEqual({
      error: 'Invalid or missing reset token',
      param: 'token',
    });
    expect((await post('/api/auth/reset-password', { token: 'made-up', password: 'R3set-Heron-77' })).statusCode).toBe(400);
  });

  it('sends at most three reset mails an hour per account, with the same answer', async () => {
    const { body } = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/forgot-password', { email: body.email }, {})).json()).toEqual(RESET_ANSWER);
    }
    await mailsTo(t.app, body.email, 3);
    // Give a fourth mail, if one were on its way, the time to land.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(t.app, body.email, 3)).toHaveLength(3);
  });
});

describe('what reaches responses and logs', () => {
  // docs/security.md §16
  it('never logs a password, a hash or a token', async () => {
    const logs = t.logs.join('');
    expect(logs).toContain('auth.login');
    for (const secret of [...usedPasswords, ...issuedTokens]) expect(logs).not.toContain(secret);
    expect(logs).not.toContain('$argon2id$');
  });
});
