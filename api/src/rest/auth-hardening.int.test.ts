import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { GOOD_PASSWORD, lastMailTo, newAccount, nextAddress, resetTokenFrom, signup } from '../test/auth.js';

// docs/security.md §1, §2, §3 and §16 on REST: what an attacker with many concurrent requests gets.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const post = (url: string, payload: object, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe(`concurrent login guesses (${process.env.TEST_DB})`, () => {
  // docs/security.md §2, §16
  it('200 simultaneous guesses from one address on one account: at most 5 are checked, the rest get 429 + Retry-After, and each is logged', async () => {
    const { body } = await signup(t.app);
    const verify = vi.spyOn(argon2, 'verify');
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? body.password : `Wrong-Guess-${i}`));
    const answers = await Promise.all(guesses.map((password) => post('/api/auth/login', { email: body.email, password }, '203.0.113.50')));

    const throttled = answers.filter((res) => res.statusCode === 429);
    expect(answers.length - throttled.length).toBeLessThanOrEqual(5);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    for (const res of throttled) {
      expect(res.json()).toEqual({ error: 'Too many failed sign-in attempts. Please wait and try again.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const audit = t.logs.filter((line) => line.includes('"auth.login_throttled"'));
    expect(audit).toHaveLength(throttled.length);
    expect(audit[0]).toContain('"ip":"203.0.113.50"');
    for (const line of audit) expect(line).not.toMatch(/Wrong-Guess|Tr1cky/);
  });

  // docs/security.md §2
  it('successful logins give their attempts back: the owner signs in more often than the failure limits allow', async () => {
    const { body } = await signup(t.app);
    // 25 sign-ins from one address: past the per-account limit of 20, were successes counted.
    for (let i = 0; i < 25; i++)
      expect((await post('/api/auth/login', { email: body.email, password: body.password }, '203.0.113.51')).statusCode).toBe(200);
  });
});

describe('password hashes', () => {
  // docs/security.md §3
  it.each([
    ['argon2i', argon2.argon2i],
    ['argon2d', argon2.argon2d],
  ] as const)('replaces an %s hash with argon2id at the next login', async (_name, type) => {
    const { body, user } = await signup(t.app);
    const old = await argon2.hash(body.password, { type, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t.app.db.updateTable('users').set({ password_hash: old }).where('id', '=', user.id).execute();
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    const { password_hash } = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  });
});

describe('password reset under abuse', () => {
  it('made-up reset tokens cost no argon2 work, and a normal sign-in goes through while they are in flight', async () => {
    const { body } = await signup(t.app);
    const hash = vi.spyOn(argon2, 'hash');
    const bad = Array.from({ length: 60 }, (_, i) =>
      post('/api/auth/reset-password', { token: `made-up-token-${i}`, password: 'R3set-Heron-77' }, `198.51.100.${i % 3}`),
    );
    const signIn = post('/api/auth/login', { email: body.email, password: body.password });
    const answers = await Promise.all(bad);
    expect((await signIn).statusCode).toBe(200);
    for (const res of answers) expect([400, 429]).toContain(res.statusCode);
    expect(hash).not.toHaveBeenCalled();
  });

  it('limits reset attempts per address (20 an hour) with 429 and Retry-After', async () => {
    const address = '198.51.100.200';
    for (let i = 0; i < 20; i++)
      expect((await post('/api/auth/reset-password', { token: `nope-${i}`, password: 'R3set-Heron-77' }, address)).statusCode).toBe(400);
    const refused = await post('/api/auth/reset-password', { token: 'nope-20', password: 'R3set-Heron-77' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('argon2 work is queued, and a sign-in is served before the sign-ups queued ahead of it', async () => {
    const { body } = await signup(t.app);
    const hash = vi.spyOn(argon2, 'hash');
    const done: string[] = [];
    const signups = Array.from({ length: 16 }, (_, i) =>
      post('/api/auth/signup', newAccount()).then((res) => {
        expect(res.statusCode).toBe(201);
        done.push(`signup ${i}`);
      }),
    );
    // Both argon2 slots are busy with sign-ups, the other fourteen wait for one.
    await vi.waitFor(() => expect(hash.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const signIn = post('/api/auth/login', { email: body.email, password: body.password }).then((res) => {
      expect(res.statusCode).toBe(200);
      done.push('login');
    });
    await Promise.all([...signups, signIn]);
    // Without the queue the sign-in's verification waits behind every hash that started before it.
    expect(done.indexOf('login')).toBeLessThan(8);
  });
});

describe('forgot-password', () => {
  // docs/security.md §1
  it('answers known and unknown addresses alike; the link for the known one is recorded and its mail handed over after the answer', async () => {
    const { body, user } = await signup(t.app);
    const known = await post('/api/auth/forgot-password', { email: body.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody.at.all@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // The lookup, the link and its mail come after the answer, so both take the same time
    // (docs/security.md §1): once that work is done, the known address has its link and its mail.
    await t.app.deps.background.idle();
    const stored = await t.app.db.selectFrom('password_resets').select('id').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', body.email)
      .where('subject', '=', 'Reset your Coinsight password')
      .executeTakeFirstOrThrow();
    expect(resetTokenFrom(mail.text_body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('reset then sign in', () => {
  it('a valid reset link still works: the token is checked first, then the password is hashed', async () => {
    const { body } = await signup(t.app);
    await post('/api/auth/forgot-password', { email: body.email });
    const token = resetTokenFrom((await lastMailTo(t.app, body.email)).text_body);
    expect((await post('/api/auth/reset-password', { token, password: 'Password123' })).json()).toEqual({
      error: 'Password is too common',
      param: 'password',
    });
    expect((await post('/api/auth/reset-password', { token, password: 'R3set-Heron-77' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: body.email, password: 'R3set-Heron-77' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: body.email, password: GOOD_PASSWORD })).statusCode).toBe(401);
  });
});
