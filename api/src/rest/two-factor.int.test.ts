import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, GOOD_PASSWORD, lastMailTo, mailsTo, nextAddress, signup } from '../test/auth.js';
import { trpcCaller } from '../test/trpc.js';
import { hasTwoFactor } from '../services/auth/two-factor/enrolment.js';
import { totpOf } from '../services/auth/two-factor/totp.js';

let t: TestApp;
// The services' clock, pinned: each code is computed for a step the test chooses, so a test
// never depends on when in a 30-second step it runs.
let clockMs = Date.now();

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://app.coinsight.test' });
  t.app.deps.now = () => new Date(clockMs);
});

afterAll(async () => {
  await t?.close();
});

const codeFor = (secret: string, atMs = clockMs) => totpOf(secret, 'test').generate({ timestamp: atMs });
/** The next 30-second step: codes of steps already used are refused. */
const nextStep = () => {
  clockMs += 30_000;
};

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '198.18.70.1') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

/** A new account with two-factor sign-in on (over REST); its secret, recovery codes and sign-up. */
async function enrolled() {
  const account = await signup(t.app);
  const auth = bearer(account.token);
  const setup = await post('/api/users/two-factor/setup', { currentPassword: GOOD_PASSWORD }, auth);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrCode } = setup.json<{ secret: string; uri: string; qrCode: string }>();
  const confirm = await post('/api/users/two-factor/confirm', { code: codeFor(secret) }, auth);
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { ...account, secret, uri, qrCode, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe(`two-factor sign-in (${process.env.TEST_DB})`, () => {
  it('enrols by QR code and secret, confirmed with a code; the secret is never answered again; both mails sent', async () => {
    const { token, body, user, secret, uri, qrCode, recoveryCodes } = await enrolled();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Coinsight:${encodeURIComponent(body.email)}?issuer=Coinsight&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await hasTwoFactor(t.app.db, user.id)).toBe(true);

    // Stored: the secret encrypted, the recovery codes hashed.
    const row = await t.app.db.selectFrom('two_factor').select('secret_encrypted').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret);
    const hashes = await t.app.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(hashes.map((h) => h.code_hash).join()).not.toContain(recoveryCodes[0]?.slice(0, 4) ?? 'none');

    const status = await t.app.inject({ method: 'GET', url: '/api/users/two-factor', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
    // A second enrolment is refused while one is on.
    const again = await post('/api/users/two-factor/setup', { currentPassword: GOOD_PASSWORD }, bearer(token));
    expect(again.statusCode).toBe(409);

    const mail = await lastMailTo(t.app, body.email);
    expect(mail.subject).toBe('Two-factor sign-in is on for your Coinsight account');
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('setup needs the password; confirming needs the right code', async () => {
    const { token } = await signup(t.app);
    const wrong = await post('/api/users/two-factor/setup', { currentPassword: 'Wrong-Pass-1' }, bearer(token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Current password is incorrect', param: 'currentPassword' });
    expect((await post('/api/users/two-factor/confirm', { code: '123456' }, bearer(token))).json()).toEqual({
      error: 'Start the two-factor setup first: there is no authenticator waiting for a code.',
    });
    const { secret } = (await post('/api/users/two-factor/setup', { currentPassword: GOOD_PASSWORD }, bearer(token))).json<{
      secret: string;
    }>();
    const bad = await post('/api/users/two-factor/confirm', { code: codeFor(secret, clockMs + 10 * 60_000) }, bearer(token));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ param: 'code' });
    const status = await t.app.inject({ method: 'GET', url: '/api/users/two-factor', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // Unconfirmed, sign-in still answers a session.
    expect((await post('/api/auth/login', { email: (await signup(t.app)).body.email, password: GOOD_PASSWORD })).json()).toHaveProperty(
      'token',
    );
  });

  it('REST: password → challenge (no session) → code → session; a code is accepted once; accounts without 2FA keep their answer', async () => {
    const { body, user, secret } = await enrolled();
    const first = await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD });
    expect(first.statusCode).toBe(200);
    const answer = first.json<{ twoFactorRequired: true; challenge: string }>();
    expect(Object.keys(answer).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(answer.twoFactorRequired).toBe(true);
    // The challenge is no session.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(answer.challenge) })).statusCode).toBe(401);

    const code = codeFor(secret);
    const done = await post('/api/auth/two-factor', { challenge: answer.challenge, code });
    expect(done.statusCode).toBe(200);
    const session = done.json<{ token: string; user: { id: string } }>();
    expect(session.user.id).toBe(user.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session.token) })).statusCode).toBe(200);
    // The challenge is spent.
    expect((await post('/api/auth/two-factor', { challenge: answer.challenge, code })).json()).toEqual({
      error: 'This sign-in has expired or was already finished. Please sign in again.',
    });
    // The same code (same time step) on a new challenge: refused as a replay.
    const second = (await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD })).json<{ challenge: string }>();
    const replay = await post('/api/auth/two-factor', { challenge: second.challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Invalid two-factor code', param: 'code' });
    nextStep();
    expect((await post('/api/auth/two-factor', { challenge: second.challenge, code: codeFor(secret) })).statusCode).toBe(200);

    // Without two-factor: the answer's shape is what it always was.
    const plain = await signup(t.app);
    const login = await post('/api/auth/login', { email: plain.body.email, password: GOOD_PASSWORD });
    expect(Object.keys(login.json()).sort()).toEqual(['token', 'user']);
  });

  it('a challenge expires after five minutes', async () => {
    const { body, secret } = await enrolled();
    const { challenge } = (await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD })).json<{ challenge: string }>();
    clockMs += 5 * 60_000 + 1_000;
    const late = await post('/api/auth/two-factor', { challenge, code: codeFor(secret) });
    expect(late.statusCode).toBe(401);
    nextStep();
  });

  it('a challenge opened with the old password is void once the password changes', async () => {
    const { body, token, secret } = await enrolled();
    const { challenge } = (await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD })).json<{ challenge: string }>();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'N3w-Otter-Path-9' },
      headers: bearer(token),
      remoteAddress: '198.18.70.1',
    });
    expect(changed.statusCode).toBe(200);
    const late = await post('/api/auth/two-factor', { challenge, code: codeFor(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'This sign-in has expired or was already finished. Please sign in again.' });
    nextStep();
  });

  it('a recovery code works once; the second use is refused', async () => {
    const { body, token, recoveryCodes } = await enrolled();
    const recovery = recoveryCodes[3] ?? '';
    const challengeOf = async () =>
      (await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD })).json<{ challenge: string }>().challenge;
    // Typed in lower case and without dashes, it still reads as itself.
    const used = await post('/api/auth/two-factor', { challenge: await challengeOf(), code: recovery.toLowerCase().replaceAll('-', '') });
    expect(used.statusCode).toBe(200);
    const again = await post('/api/auth/two-factor', { challenge: await challengeOf(), code: recovery });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Invalid two-factor code', param: 'code' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/two-factor', headers: bearer(token) })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
  });

  it('wrong codes are throttled per account and address (429 + Retry-After); the owner elsewhere still gets in', async () => {
    const { body, secret } = await enrolled();
    const guesser = '198.18.71.9';
    const { challenge } = (await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD }, {}, guesser)).json<{
      challenge: string;
    }>();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/two-factor', { challenge, code: '000000' }, {}, guesser);
      expect(wrong.statusCode).toBe(401);
    }
    const throttled = await post('/api/auth/two-factor', { challenge, code: codeFor(secret) }, {}, guesser);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ error: 'Too many wrong codes. Please wait and try again.' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    const owner = nextAddress();
    const own = (await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD }, {}, owner)).json<{ challenge: string }>();
    expect((await post('/api/auth/two-factor', { challenge: own.challenge, code: codeFor(secret) }, {}, owner)).statusCode).toBe(200);
    nextStep();
  });

  it('the emailed sign-in link asks for a code too', async () => {
    const { body, secret } = await enrolled();
    // The mail "two-factor is on" first, then the link.
    await mailsTo(t.app, body.email, 1);
    await post('/api/auth/sign-in-link', { email: body.email });
    const mails = await mailsTo(t.app, body.email, 2);
    const token = /sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(mails[1]?.text_body ?? '')?.[1] ?? '';
    const linked = await post('/api/auth/sign-in-with-link', { token });
    expect(linked.statusCode).toBe(200);
    const answer = linked.json<{ twoFactorRequired: boolean; challenge: string }>();
    expect(answer.twoFactorRequired).toBe(true);
    expect(answer).not.toHaveProperty('token');
    expect((await post('/api/auth/two-factor', { challenge: answer.challenge, code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();
  });

  it('turning it off needs the password and a code; the mail is sent; sign-in then asks for the password alone', async () => {
    const { body, token, secret } = await enrolled();
    const auth = bearer(token);
    expect((await post('/api/users/two-factor/disable', { currentPassword: 'Wrong-Pass-1', code: codeFor(secret) }, auth)).statusCode).toBe(
      400,
    );
    const wrongCode = await post('/api/users/two-factor/disable', { currentPassword: GOOD_PASSWORD, code: '111111' }, auth);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ error: 'The code is not right. Check your authenticator app and try again.', param: 'code' });
    expect((await post('/api/users/two-factor/disable', { currentPassword: GOOD_PASSWORD }, auth)).statusCode).toBe(400);
    const off = await post('/api/users/two-factor/disable', { currentPassword: GOOD_PASSWORD, code: codeFor(secret) }, auth);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: 'Two-factor sign-in is off.' });
    const mails = await mailsTo(t.app, body.email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in is on for your Coinsight account',
      'Two-factor sign-in is off for your Coinsight account',
    ]);
    const login = await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD });
    expect(login.json()).toHaveProperty('token');
    nextStep();
  });

  it('tRPC: enrol, sign in with a code, recovery code once, turn off', async () => {
    const account = await signup(t.app);
    const me = trpcCaller(t.app, bearer(account.token));
    const setup = await me.mutate<{ secret: string }>('user.startTwoFactor', { currentPassword: GOOD_PASSWORD });
    expect(setup.status).toBe(200);
    const confirmed = await me.mutate<{ recoveryCodes: string[] }>('user.confirmTwoFactor', { code: codeFor(setup.data.secret) });
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    nextStep();
    expect((await me.query('user.twoFactor')).data).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const anon = trpcCaller(t.app, {});
    const login = await anon.mutate<{ twoFactorRequired: boolean; challenge: string }>('auth.login', {
      email: account.body.email,
      password: GOOD_PASSWORD,
    });
    expect(login.data.twoFactorRequired).toBe(true);
    const wrong = await anon.mutate('auth.completeTwoFactor', { challenge: login.data.challenge, code: '999999' });
    expect(wrong.status).toBe(401);
    expect(wrong.error?.data.param).toBe('code');
    const done = await anon.mutate<{ token: string; user: { id: string } }>('auth.completeTwoFactor', {
      challenge: login.data.challenge,
      code: codeFor(setup.data.secret),
    });
    expect(done.data.user.id).toBe(account.user.id);
    nextStep();
    const recovery = confirmed.data.recoveryCodes[0] ?? '';
    const useRecovery = async () => {
      const next = await anon.mutate<{ challenge: string }>('auth.login', { email: account.body.email, password: GOOD_PASSWORD });
      return anon.mutate('auth.completeTwoFactor', { challenge: next.data.challenge, code: recovery });
    };
    expect((await useRecovery()).status).toBe(200);
    expect((await useRecovery()).status).toBe(401);

    const off = await me.mutate('user.disableTwoFactor', { currentPassword: GOOD_PASSWORD, code: codeFor(setup.data.secret) });
    expect(off.status).toBe(200);
    expect((await me.query('user.twoFactor')).data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    nextStep();
  });

  it('a bad code or challenge reads as a 400 naming the field', async () => {
    const bad = await post('/api/auth/two-factor', { challenge: 'x', code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Enter the 6-digit code from your authenticator app, or a recovery code', param: 'code' });
    expect((await post('/api/auth/two-factor', { code: '123456' })).json()).toMatchObject({ param: 'challenge' });
  });
});
