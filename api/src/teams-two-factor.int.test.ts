import { TEAM_MESSAGES, type TeamDetail, type TeamSummary } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpOf } from './services/auth/two-factor/totp.js';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, GOOD_PASSWORD, lastMailTo, verifiedSignup } from './test/auth.js';
import { trpcCaller } from './test/trpc.js';

// A team that requires two-factor sign-in (docs/accounts.md, "Teams"): set by an owner who has it
// on, enforced on every team call of REST and tRPC, on accepting an invitation, and from the next
// request of a member who turns it off; leaving stays open; the team's keys keep working on /v1.

let t: TestApp;
// The services' clock, pinned: each code is computed for a step the test chooses.
let clockMs = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.now = () => new Date(clockMs);
});

afterAll(async () => {
  await t?.close();
});

async function person() {
  const { user, token } = await verifiedSignup(t.app);
  const headers = bearer(token);
  const trpc = trpcCaller(t.app, headers, { freshAddress: true });
  const rest = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { user, headers, trpc, rest };
}
type Person = Awaited<ReturnType<typeof person>>;

/** Turns two-factor sign-in on for the person; answers a code maker for their secret. */
async function enrol(who: Person) {
  const setup = await who.rest('POST', '/api/users/two-factor/setup', { currentPassword: GOOD_PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const code = () => totpOf(secret, 'test').generate({ timestamp: clockMs });
  expect((await who.rest('POST', '/api/users/two-factor/confirm', { code: code() })).statusCode).toBe(200);
  clockMs += 30_000;
  return code;
}

async function invitationTokenFor(to: string): Promise<string> {
  const mail = await lastMailTo(t.app, to);
  const match = mail.text_body.match(/\/team-invitation\?token=([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error(`no invitation link in: ${mail.text_body}`);
  return match[1];
}

describe(`a team requiring two-factor sign-in (${process.env.TEST_DB})`, () => {
  it('is set by an owner with it on; members without it are refused on every surface until they turn it on, and may leave', async () => {
    const [owner, member, newcomer] = [await person(), await person(), await person()];
    const teamId = (await owner.trpc.mutate<TeamSummary>('teams.create', { name: 'Vault' })).data.id;
    await owner.rest('POST', `/api/teams/${teamId}/invitations`, { email: member.user.email, role: 'admin' });
    expect((await member.trpc.mutate('teams.accept', { token: await invitationTokenFor(member.user.email) })).status).toBe(200);
    const key = await owner.rest('POST', `/api/teams/${teamId}/keys`, { name: 'ci' });
    expect(key.statusCode, key.body).toBe(201);
    const secret = key.json<{ secret: string }>().secret;

    // Not by an owner without it, and not by an admin.
    const early = await owner.rest('PUT', `/api/teams/${teamId}/two-factor`, { required: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: TEAM_MESSAGES.twoFactorYoursFirst });
    const byAdmin = await member.trpc.mutate('teams.setTwoFactor', { teamId, required: true });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.error?.message).toBe(TEAM_MESSAGES.roleRefused('admin'));
    const bad = await owner.rest('PUT', `/api/teams/${teamId}/two-factor`, { required: 'yes' });
    expect(bad.statusCode).toBe(400);

    await enrol(owner);
    const set = await owner.rest('PUT', `/api/teams/${teamId}/two-factor`, { required: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ requireTwoFactor: true });
    const detail = (await owner.rest('GET', `/api/teams/${teamId}`)).json<TeamDetail>();
    expect(detail.requireTwoFactor).toBe(true);
    expect(detail.members.map((m) => [m.userId, m.twoFactor])).toEqual([
      [owner.user.id, true],
      [member.user.id, false],
    ]);

    // The member without it: refused on REST and tRPC, reads and writes alike.
    for (const url of [`/api/teams/${teamId}`, `/api/teams/${teamId}/keys`, `/api/teams/${teamId}/usage`]) {
      const refused = await member.rest('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: TEAM_MESSAGES.twoFactorRequired });
    }
    const viaTrpc = await member.trpc.mutate('teams.createKey', { teamId, name: 'sneaky' });
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.error?.message).toBe(TEAM_MESSAGES.twoFactorRequired);
    // The team's keys are not sign-ins: they keep working.
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(secret) })).statusCode).toBe(200);

    // An invitation waits for its addressee to turn it on, and stays open meanwhile.
    await owner.rest('POST', `/api/teams/${teamId}/invitations`, { email: newcomer.user.email, role: 'member' });
    const token = await invitationTokenFor(newcomer.user.email);
    const waiting = await newcomer.rest('POST', '/api/teams/invitations/accept', { token });
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toEqual({ error: TEAM_MESSAGES.twoFactorRequired });
    await enrol(newcomer);
    expect((await newcomer.rest('POST', '/api/teams/invitations/accept', { token })).statusCode).toBe(200);
    expect((await newcomer.rest('GET', `/api/teams/${teamId}`)).statusCode).toBe(200);

    // The member turns it on: in from the next request; turns it off: out from the next one.
    const code = await enrol(member);
    expect((await member.rest('GET', `/api/teams/${teamId}/keys`)).statusCode).toBe(200);
    const off = await member.rest('POST', '/api/users/two-factor/disable', { currentPassword: GOOD_PASSWORD, code: code() });
    expect(off.statusCode, off.body).toBe(200);
    expect((await member.rest('GET', `/api/teams/${teamId}/keys`)).statusCode).toBe(403);
    // Leaving needs no second factor.
    expect((await member.rest('POST', `/api/teams/${teamId}/leave`)).statusCode).toBe(200);

    // Lifted by the owner: members without it are back in.
    expect((await owner.trpc.mutate('teams.setTwoFactor', { teamId, required: false })).status).toBe(200);
    expect((await owner.rest('GET', `/api/teams/${teamId}`)).json<TeamDetail>().requireTwoFactor).toBe(false);
  });
});
