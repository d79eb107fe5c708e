import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, lastMailTo, signup } from '../test/auth.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://app.coinsight.test' });
});

afterAll(async () => {
  await t?.close();
});

const SENT = { message: 'If an account exists for that email, a sign-in link has been sent. It works once, within 15 minutes.' };
const INVALID = { error: 'This sign-in link is invalid, used or expired. Please request a new one from the sign-in page.' };
const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const linkTokenFrom = (text: string) => {
  const match = text.match(/https:\/\/app\.coinsight\.test\/sign-in-link\?token=([A-Za-z0-9_-]{43})\n/);
  if (!match?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return match[1];
};

describe(`one-click sign-in link (${process.env.TEST_DB})`, () => {
  it('docs/security.md §27: an owner whose own address is throttled gets in with a mailed link, once', async () => {
    const { body, user } = await signup(t.app);
    const home = '198.18.60.1';
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { email: body.email, password: 'Wrong-Guess-1' }, home);
    expect((await post('/api/auth/login', { email: body.email, password: body.password }, home)).statusCode).toBe(429);

    const asked = await post('/api/auth/sign-in-link', { email: body.email }, home, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(SENT);
    const mail = await lastMailTo(t.app, body.email);
    expect(mail.subject).toBe('Your Coinsight sign-in link');
    expect(mail.text_body).not.toContain('evil.example');
    const token = linkTokenFrom(mail.text_body);
    // Only the SHA-256 of the token is kept.
    const stored = await t.app.db.selectFrom('login_links').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const signedIn = await post('/api/auth/sign-in-with-link', { token }, home);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<{ token: string; user: { id: string } }>();
    expect(session.user.id).toBe(user.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(session.token) })).statusCode).toBe(200);
    // The link proved the mailbox: this address's failures on the account are cleared.
    expect((await post('/api/auth/login', { email: body.email, password: body.password }, home)).statusCode).toBe(200);

    const again = await post('/api/auth/sign-in-with-link', { token }, home);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it('docs/security.md §1, §27: answers the same for an unknown address, over REST and tRPC', async () => {
    const { body } = await signup(t.app);
    const known = await post('/api/auth/sign-in-link', { email: body.email }, '198.18.61.1');
    const unknown = await post('/api/auth/sign-in-link', { email: 'no.such.person@example.com' }, '198.18.61.1');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const trpc = await post('/trpc/auth.requestLoginLink', { email: 'no.such.person@example.com' }, '198.18.61.2');
    expect(trpc.json()).toMatchObject({ result: { data: SENT } });
  });

  it('docs/security.md §27: a link expires after 15 minutes, and a newer sign-in spends the older links', async () => {
    const { body, user } = await signup(t.app);
    const address = '198.18.62.1';
    await post('/api/auth/sign-in-link', { email: body.email }, address);
    const expired = linkTokenFrom((await lastMailTo(t.app, body.email)).text_body);
    await t.app.db
      .updateTable('login_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post('/api/auth/sign-in-with-link', { token: expired }, address)).json()).toEqual(INVALID);

    await post('/api/auth/sign-in-link', { email: body.email }, address);
    // The link is recorded after the answer.
    await t.app.deps.background.idle();
    const rows = await t.app.db
      .selectFrom('login_links')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    const open = rows.filter((row) => row.expires_at.getTime() > Date.now());
    expect(open).toHaveLength(1);
    const minutes = ((open[0]?.expires_at.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(13);
    expect(minutes).toBeLessThanOrEqual(15);
    const first = linkTokenFrom((await lastMailTo(t.app, body.email)).text_body);
    await post('/api/auth/sign-in-link', { email: body.email }, address);
    await t.app.deps.background.idle();
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', body.email)
      .where('subject', '=', 'Your Coinsight sign-in link')
      .orderBy('id', 'desc')
      .execute();
    const second = linkTokenFrom(mails[0]?.text_body ?? '');
    expect(second).not.toBe(first);
    const trpc = await post('/trpc/auth.signInWithLink', { token: second }, address);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json()).toMatchObject({ result: { data: { user: { id: user.id } } } });
    expect((await post('/api/auth/sign-in-with-link', { token: first }, address)).statusCode).toBe(400);
  });

  it('made-up links are refused, and counted per address like other mailed links', async () => {
    const address = '198.18.63.1';
    for (let i = 0; i < 20; i++)
      expect((await post('/api/auth/sign-in-with-link', { token: `made-up-${i}` }, address)).json()).toEqual(INVALID);
    const refused = await post('/api/auth/sign-in-with-link', { token: 'made-up-20' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
