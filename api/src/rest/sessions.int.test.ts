import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, GOOD_PASSWORD, signup } from '../test/auth.js';
import { trpcCaller } from '../test/trpc.js';

let t: TestApp;
let clockMs = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.now = () => new Date(clockMs);
});

afterAll(async () => {
  await t?.close();
});

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface SessionInfo {
  id: string;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

async function signIn(email: string, userAgent: string, remoteAddress: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: GOOD_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  return res.json<{ token: string }>().token;
}

const list = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/sessions', headers: bearer(token) })).json<{ sessions: SessionInfo[] }>().sessions;

describe(`sessions (${process.env.TEST_DB})`, () => {
  it('lists the signed-in sessions with device, address, first and last seen, the current one marked', async () => {
    const { body } = await signup(t.app);
    const laptop = await signIn(body.email, CHROME_MAC, '203.0.113.7');
    const phone = await signIn(body.email, SAFARI_IPHONE, '198.51.100.20');
    const sessions = await list(laptop);
    // The sign-up's session, the laptop's and the phone's.
    expect(sessions).toHaveLength(3);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: 'Chrome 131 on macOS', ip: '203.0.113.7' });
    expect(sessions.find((s) => s.ip === '198.51.100.20')).toMatchObject({ device: 'Safari 18 on iOS (mobile)', current: false });
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt']);
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // tRPC answers the same list, marked from its own session.
    const viaTrpc = await trpcCaller(t.app, bearer(phone)).query<{ sessions: SessionInfo[] }>('user.sessions');
    expect(viaTrpc.data.sessions.find((s) => s.current)?.device).toBe('Safari 18 on iOS (mobile)');
  });

  it('last seen is written at most once a minute per session, not on every request', async () => {
    const { token, user } = await signup(t.app);
    const lastSeen = async () =>
      (
        await t.app.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    clockMs += 5 * 60_000;
    await me();
    const first = await lastSeen();
    expect(first).toBe(clockMs);
    clockMs += 30_000;
    await me();
    await me();
    expect(await lastSeen()).toBe(first);
    clockMs += 31_000;
    await me();
    expect(await lastSeen()).toBe(clockMs);
  });

  it('a revoked session is refused at once on REST, tRPC and /v1; the others stay signed in', async () => {
    const { body, token: keep } = await signup(t.app);
    const gone = await signIn(body.email, CHROME_MAC, '203.0.113.8');
    // Both warmed into the session cache first: revocation must not wait for it.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(gone) })).statusCode).toBe(200);
    expect((await trpcCaller(t.app, bearer(gone)).query('user.sessions')).status).toBe(200);
    const target = (await list(keep)).find((s) => !s.current);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/users/sessions/${target?.id}`, headers: bearer(keep) });
    expect(revoked.statusCode).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(gone) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist', headers: bearer(gone) })).statusCode).toBe(401);
    expect((await trpcCaller(t.app, bearer(gone)).query('user.sessions')).status).toBe(401);
    expect((await trpcCaller(t.app, bearer(gone)).query('apiKeys.list')).status).toBe(401);
    // /v1 takes API keys only: a session token, revoked or not, is no key there.
    const v1 = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(gone) });
    expect(v1.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(keep) })).statusCode).toBe(200);
    expect((await list(keep)).map((s) => s.id)).not.toContain(target?.id);
    // Revoking it again, or an unknown one: 404.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/users/sessions/${target?.id}`, headers: bearer(keep) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Session not found' });
  });

  it("signs out all other sessions; another account's session is a 404 and stays signed in", async () => {
    const { body, token: keep } = await signup(t.app);
    const others = [await signIn(body.email, CHROME_MAC, '203.0.113.9'), await signIn(body.email, SAFARI_IPHONE, '203.0.113.10')];
    const stranger = await signup(t.app);
    const strangersSession = (await list(stranger.token))[0]?.id ?? '';
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/users/sessions/${strangersSession}`, headers: bearer(keep) });
    expect(foreign.statusCode).toBe(404);
    expect((await trpcCaller(t.app, bearer(keep)).mutate('user.revokeSession', { id: strangersSession })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(stranger.token) })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/users/sessions/revoke-others', headers: bearer(keep) });
    expect(res.json()).toEqual({ revoked: 2 });
    for (const token of others)
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await list(keep)).map((s) => s.current)).toEqual([true]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(stranger.token) })).statusCode).toBe(200);
  });

  it('tRPC revokes one session and all others; a bad id is a 400 naming it', async () => {
    const { body, token } = await signup(t.app);
    const other = await signIn(body.email, CHROME_MAC, '203.0.113.11');
    const me = trpcCaller(t.app, bearer(token));
    const target = (await me.query<{ sessions: SessionInfo[] }>('user.sessions')).data.sessions.find((s) => !s.current);
    expect((await me.mutate('user.revokeSession', { id: target?.id })).data).toEqual({ ok: true });
    expect((await trpcCaller(t.app, bearer(other)).query('auth.me')).data).toBeNull();
    await signIn(body.email, CHROME_MAC, '203.0.113.12');
    expect((await me.mutate('user.revokeOtherSessions')).data).toEqual({ revoked: 1 });
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/users/sessions/nope', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Session id is invalid', param: 'id' });
  });
});
