import type { Database, Db } from '@coinsight/db';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { lastMailTo, mailsTo, signup } from '../test/auth.js';

let t: TestApp;
let down: Db;

beforeAll(async () => {
  t = await createTestApp();
  // A database nobody answers for (nothing listens on port 1): every query is refused at once.
  down = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 }),
    }),
  });
});

afterAll(async () => {
  await down?.destroy();
  await t?.close();
});

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const trpcLogin = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { email, password }, remoteAddress });

/** Runs `during` while the service's database is down, then puts it back, as PostgreSQL returning would. */
async function withDatabaseDown(during: () => Promise<void>): Promise<void> {
  const deps = t.app.deps;
  const up = deps.db;
  deps.db = down;
  try {
    await during();
  } finally {
    deps.db = up;
  }
}

describe(`nobody can lock the owner out (${process.env.TEST_DB})`, () => {
  it('docs/security.md §27: 200 guesses from 10 addresses leave the owner able to sign in from a new address, and the guessers stay throttled', async () => {
    const { body } = await signup(t.app);
    const guessers = Array.from({ length: 10 }, (_, i) => `198.18.7.${10 + i}`);
    const answers: number[] = [];
    for (let round = 0; round < 20; round++)
      for (const address of guessers) answers.push((await login(body.email, `Wrong-Guess-${round}`, address)).statusCode);
    expect(answers).toHaveLength(200);
    // Each address has its password checked at most 5 times; every other guess is refused unchecked.
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(50);
    expect(answers.filter((status) => status !== 401 && status !== 429)).toEqual([]);

    // The owner, from an address that has not been guessing, on REST and tRPC alike.
    const owner = await login(body.email, body.password, '198.18.9.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email: body.email } });
    expect((await trpcLogin(body.email, body.password, '198.18.9.2')).statusCode).toBe(200);

    // Every guessing address is still refused, even with the right password.
    for (const address of guessers) {
      const res = await login(body.email, body.password, address);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'Too many failed sign-in attempts. Please wait and try again.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('docs/security.md §27: past the account-wide bound a fresh address gets one guess checked, not five', async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 20; i++) await login(body.email, 'Wrong-Guess-1', `198.18.20.${i + 1}`);
    const fresh = '198.18.21.1';
    expect((await login(body.email, 'Wrong-Guess-2', fresh)).statusCode).toBe(401);
    expect((await login(body.email, 'Wrong-Guess-3', fresh)).statusCode).toBe(429);
    expect(t.logs.join('')).toContain('"event":"auth.account_guessed"');
  });

  it('docs/security.md §27: logins during a database outage answer 503 and count as nothing once it is back', async () => {
    const { body } = await signup(t.app);
    const home = '198.18.30.1';
    await withDatabaseDown(async () => {
      // More than every bound: per account and address (5), per account (20).
      for (let i = 0; i < 8; i++) {
        const res = await login(body.email, body.password, home);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: 'The service is temporarily unavailable (database unreachable). Please retry shortly.' });
      }
      for (let i = 0; i < 22; i++) expect((await login(body.email, body.password, `198.18.31.${i + 1}`)).statusCode).toBe(503);
      expect((await trpcLogin(body.email, body.password, home)).statusCode).toBe(503);
    });
    const back = await login(body.email, body.password, home);
    expect(back.statusCode).toBe(200);
    // Nothing was left on the counters: five wrong guesses still get their check, the sixth is refused.
    for (let i = 0; i < 5; i++) expect((await login(body.email, 'Wrong-Guess-1', home)).statusCode).toBe(401);
    expect((await login(body.email, body.password, home)).statusCode).toBe(429);
  });
});

describe(`forgot-password when the link cannot go out (${process.env.TEST_DB})`, () => {
  const RESET_ANSWER = { message: 'If an account exists for that email, a password reset link has been sent.' };
  const NOT_SENT = { error: 'The reset link could not be sent right now. Please try again in a few minutes.' };
  const forgot = (email: string, remoteAddress = '198.18.40.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });

  it('answers 503 for known and unknown addresses alike while the database is down, and the same "sent" as before once it is back', async () => {
    const { body } = await signup(t.app);
    await withDatabaseDown(async () => {
      for (const email of [body.email, 'no.such.person@example.com']) {
        const res = await forgot(email);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(NOT_SENT);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      const trpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.forgotPassword',
        payload: { email: body.email },
        remoteAddress: '198.18.40.1',
      });
      expect(trpc.statusCode).toBe(503);
      expect(trpc.json()).toMatchObject({ error: { message: NOT_SENT.error } });
    });
    const known = await forgot(body.email);
    const unknown = await forgot('no.such.person@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(RESET_ANSWER);
    expect(unknown.body).toBe(known.body);
    expect((await lastMailTo(t.app, body.email)).subject).toBe('Reset your Coinsight password');
  });

  it('answers the same "sent" when the mail cannot be handed over (it goes after the answer), logs it, and the account keeps its reset mails', async () => {
    const { body } = await signup(t.app);
    const mailer = t.app.deps.mailer;
    const send = mailer.send;
    mailer.send = () => Promise.reject(new Error('SMTP server refused the connection'));
    try {
      for (let i = 0; i < 4; i++) expect((await forgot(body.email, '198.18.41.1')).json()).toEqual(RESET_ANSWER);
      await t.app.deps.background.idle();
    } finally {
      mailer.send = send;
    }
    expect(t.logs.join('')).toContain('"event":"auth.reset_failed"');
    // Failed attempts used none of the three reset mails an hour.
    for (let i = 0; i < 3; i++) expect((await forgot(body.email, '198.18.41.1')).json()).toEqual(RESET_ANSWER);
    expect(await mailsTo(t.app, body.email, 3)).toHaveLength(3);
  });
});
