import {
  TEAM_INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  type ApiKey,
  type BillingSummary,
  type CreatedApiKey,
  type TeamDetail,
  type TeamSummary,
} from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation } from './services/teams/invitations.js';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, lastMailTo, signup, verifiedSignup } from './test/auth.js';
import { trpcCaller } from './test/trpc.js';

// Teams (docs/accounts.md, "Teams"), on every surface: a team of four roles, each role's allowed
// and refused actions on REST and tRPC, a team key's calls billed to the team on /v1, a removed
// member refused on their next request, a second team that sees nothing of the first, and
// invitations that work once, expire, and only for their own address.

let t: TestApp;
type Person = Awaited<ReturnType<typeof person>>;
let owner: Person;
let admin: Person;
let member: Person;
let billing: Person;
let rival: Person;
let teamId: string;
let rivalTeamId: string;

async function person() {
  const { user, token } = await verifiedSignup(t.app);
  const headers = bearer(token);
  const trpc = trpcCaller(t.app, headers, { freshAddress: true });
  const rest = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { user, headers, trpc, rest };
}

/** The token of the newest invitation mailed to `to`. */
async function invitationTokenFor(to: string): Promise<string> {
  const mail = await lastMailTo(t.app, to);
  expect(mail.subject).toMatch(/^You are invited to the team /);
  const match = mail.text_body.match(/\/team-invitation\?token=([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error(`no invitation link in: ${mail.text_body}`);
  return match[1];
}

async function invite(by: Person, email: string, role: string, team = teamId) {
  const res = await by.rest('POST', `/api/teams/${team}/invitations`, { email, role });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: TEAM_MESSAGES.invited });
  return invitationTokenFor(email);
}

/** The REST status and the tRPC code of the same call, for the role matrix. */
async function both(who: Person, rest: [string, string, object?], trpc: ['query' | 'mutation', string, object]) {
  const res = await who.rest(rest[0] as 'GET', rest[1], rest[2]);
  const call = trpc[0] === 'query' ? await who.trpc.query(trpc[1], trpc[2]) : await who.trpc.mutate(trpc[1], trpc[2]);
  return { rest: res.statusCode, trpc: call.status, message: call.error?.message ?? null, restBody: res.body };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
  [owner, admin, member, billing, rival] = [await person(), await person(), await person(), await person(), await person()];
  const created = await owner.trpc.mutate<TeamSummary>('teams.create', { name: 'Acme research' });
  expect(created.status).toBe(200);
  expect(created.data).toMatchObject({ name: 'Acme research', role: 'owner', plan: 'free' });
  teamId = created.data.id;
  // The owner invites the admin; the admin invites the member and the billing contact.
  expect((await admin.trpc.mutate('teams.accept', { token: await invite(owner, admin.user.email, 'admin') })).status).toBe(200);
  expect((await member.trpc.mutate('teams.accept', { token: await invite(admin, member.user.email, 'member') })).status).toBe(200);
  const billingToken = await invite(admin, billing.user.email, 'billing');
  const accepted = await billing.rest('POST', '/api/teams/invitations/accept', { token: billingToken });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const rivalTeam = await rival.rest('POST', '/api/teams', { name: 'Rival' });
  expect(rivalTeam.statusCode).toBe(201);
  rivalTeamId = rivalTeam.json<TeamSummary>().id;
});

afterAll(async () => {
  await t?.close();
});

describe(`teams (${process.env.TEST_DB})`, () => {
  it('a team of four: every member sees the members and their roles; only managers see open invitations', async () => {
    await invite(owner, 'pending@example.com', 'member');
    const seen = await owner.trpc.query<TeamDetail>('teams.get', { teamId });
    expect(seen.data.members.map((m) => [m.email, m.role])).toEqual([
      [owner.user.email, 'owner'],
      [admin.user.email, 'admin'],
      [member.user.email, 'member'],
      [billing.user.email, 'billing'],
    ]);
    expect(seen.data.invitations.map((i) => i.email)).toEqual(['pending@example.com']);
    const asMember = await member.rest('GET', `/api/teams/${teamId}`);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json<TeamDetail>()).toMatchObject({ role: 'member', invitations: [] });
    expect((await billing.trpc.query<TeamSummary[]>('teams.list')).data).toEqual([
      { id: teamId, name: 'Acme research', role: 'billing', plan: 'free' },
    ]);
    // Nothing here is a secret or the team account's own row.
    expect(asMember.body).not.toMatch(/password|secret|teams\.invalid/);
  });

  it('keys: owners and admins create them, members see them by prefix only, billing sees none', async () => {
    const created = await admin.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'team prod' });
    expect(created.status).toBe(200);
    expect(created.data.secret).toMatch(/^cs_live_/);
    const byOwner = await owner.rest('POST', `/api/teams/${teamId}/keys`, { name: 'owner key' });
    expect(byOwner.statusCode).toBe(201);
    const listed = await both(member, ['GET', `/api/teams/${teamId}/keys`], ['query', 'teams.keys', { teamId }]);
    expect([listed.rest, listed.trpc]).toEqual([200, 200]);
    const keys = JSON.parse(listed.restBody) as ApiKey[];
    expect(keys.map((k) => k.name)).toEqual(['team prod', 'owner key']);
    expect(listed.restBody).not.toContain(created.data.secret);
    expect(listed.restBody).not.toMatch(/secret|hash/i);
    for (const who of [member, billing]) {
      const refused = await both(
        who,
        ['POST', `/api/teams/${teamId}/keys`, { name: 'x' }],
        ['mutation', 'teams.createKey', { teamId, name: 'x' }],
      );
      expect([refused.rest, refused.trpc]).toEqual([403, 403]);
    }
    const billingRead = await both(billing, ['GET', `/api/teams/${teamId}/keys`], ['query', 'teams.keys', { teamId }]);
    expect(billingRead).toMatchObject({ rest: 403, trpc: 403, message: TEAM_MESSAGES.roleRefused('billing') });
    const memberDelete = await member.trpc.mutate('teams.deleteKey', { teamId, id: created.data.key.id });
    expect(memberDelete.error?.message).toBe(TEAM_MESSAGES.roleRefused('member'));
    // The team's keys are not anyone's personal keys.
    expect((await admin.trpc.query<ApiKey[]>('apiKeys.list')).data).toEqual([]);
  });

  it("a team key's /v1 calls are metered to the team: one bill over all its keys, every role sees the usage", async () => {
    const key = await admin.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'metered' });
    const other = await owner.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'metered 2' });
    for (const secret of [key.data.secret, key.data.secret, other.data.secret]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/crypto/prices?symbols=BTC', headers: bearer(secret) });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const who of [owner, admin, member, billing]) {
      const usage = await who.trpc.query<BillingSummary>('teams.usage', { teamId });
      expect(usage.status).toBe(200);
      expect(usage.data.usage.calls).toBe(3);
      expect(usage.data.keys.filter((k) => k.calls > 0).map((k) => [k.name, k.calls])).toEqual([
        ['metered', 2],
        ['metered 2', 1],
      ]);
    }
    const rest = await billing.rest('GET', `/api/teams/${teamId}/usage`);
    expect(rest.json<BillingSummary>().usage.calls).toBe(3);
    // Nobody's personal bill moved.
    for (const who of [owner, admin]) expect((await who.trpc.query<BillingSummary>('billing.summary')).data.usage.calls).toBe(0);
    // /v1/usage with a team key is the team's.
    const v1 = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(other.data.secret) });
    expect(v1.json<{ calls: number; key: { calls: number } }>()).toMatchObject({ calls: 3, key: { calls: 1 } });
  });

  it('alerts made with a team key are the team’s: owners, admins and members read them, billing and other teams do not', async () => {
    const key = await owner.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'alerts' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/alerts/create',
      headers: bearer(key.data.secret),
      payload: { symbol: 'BTC', price: 1, condition: 'below', email: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const seen = await both(member, ['GET', `/api/teams/${teamId}/alerts`], ['query', 'teams.alerts', { teamId }]);
    expect([seen.rest, seen.trpc]).toEqual([200, 200]);
    expect(JSON.parse(seen.restBody)).toHaveLength(1);
    expect((await both(billing, ['GET', `/api/teams/${teamId}/alerts`], ['query', 'teams.alerts', { teamId }])).rest).toBe(403);
    expect((await rival.trpc.query('teams.alerts', { teamId })).status).toBe(404);
  });

  it('billing: owners and the billing role set the budget; admins and members cannot', async () => {
    const account = await t.app.db.selectFrom('teams').select('account_id').where('id', '=', teamId).executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', account.account_id).execute();
    for (const who of [owner, billing]) {
      const set = await both(
        who,
        ['PUT', `/api/teams/${teamId}/budget`, { amountUsd: 50 }],
        ['mutation', 'teams.setBudget', { teamId, amountUsd: 40 }],
      );
      expect([set.rest, set.trpc], set.restBody).toEqual([200, 200]);
    }
    for (const who of [admin, member]) {
      const refused = await both(
        who,
        ['PUT', `/api/teams/${teamId}/budget`, { amountUsd: 5 }],
        ['mutation', 'teams.setBudget', { teamId, amountUsd: 5 }],
      );
      expect([refused.rest, refused.trpc]).toEqual([403, 403]);
    }
    // Checkout is the billing role's too (no Stripe here: the server's own refusal, not the role's).
    expect((await billing.trpc.mutate('teams.checkout', { teamId })).error?.message).toBe('Paid plans are not available on this server.');
    expect((await admin.trpc.mutate('teams.checkout', { teamId })).error?.message).toBe(TEAM_MESSAGES.roleRefused('admin'));
    // Pro's caps are the team's: a Pro team may not be deleted until its plan is cancelled.
    expect((await owner.trpc.mutate('teams.delete', { teamId })).error?.message).toBe(TEAM_MESSAGES.cancelProFirst);
  });

  it('members: admins manage non-owners only; members and billing manage nobody; the last owner stays', async () => {
    const promote = await both(
      admin,
      ['PATCH', `/api/teams/${teamId}/members/${member.user.id}`, { role: 'owner' }],
      ['mutation', 'teams.setRole', { teamId, userId: member.user.id, role: 'owner' }],
    );
    expect(promote).toMatchObject({ rest: 403, trpc: 403, message: TEAM_MESSAGES.ownersOnly });
    expect((await admin.trpc.mutate('teams.removeMember', { teamId, userId: owner.user.id })).error?.message).toBe(
      TEAM_MESSAGES.ownersOnly,
    );
    expect((await admin.rest('POST', `/api/teams/${teamId}/invitations`, { email: 'boss@example.com', role: 'owner' })).statusCode).toBe(
      403,
    );
    for (const who of [member, billing]) {
      const refused = await both(
        who,
        ['DELETE', `/api/teams/${teamId}/members/${admin.user.id}`],
        ['mutation', 'teams.removeMember', { teamId, userId: admin.user.id }],
      );
      expect([refused.rest, refused.trpc]).toEqual([403, 403]);
      expect((await who.rest('POST', `/api/teams/${teamId}/invitations`, { email: 'x@example.com', role: 'member' })).statusCode).toBe(403);
    }
    expect((await admin.trpc.mutate('teams.delete', { teamId })).status).toBe(403);
    const leave = await owner.rest('POST', `/api/teams/${teamId}/leave`);
    expect([leave.statusCode, leave.json()]).toEqual([409, { error: TEAM_MESSAGES.lastOwner }]);
    expect((await owner.trpc.mutate('teams.setRole', { teamId, userId: owner.user.id, role: 'admin' })).error?.message).toBe(
      TEAM_MESSAGES.lastOwner,
    );
    // A role change is read on the next request: the billing contact made a member reads keys at once.
    expect((await admin.trpc.mutate('teams.setRole', { teamId, userId: billing.user.id, role: 'member' })).status).toBe(200);
    expect((await billing.trpc.query('teams.keys', { teamId })).status).toBe(200);
    expect((await admin.trpc.mutate('teams.setRole', { teamId, userId: billing.user.id, role: 'billing' })).status).toBe(200);
    expect((await billing.trpc.query('teams.keys', { teamId })).status).toBe(403);
  });

  it('a second team sees nothing of the first, on REST, tRPC and /v1', async () => {
    const rivalKey = await rival.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId: rivalTeamId, name: 'rival' });
    expect(rivalKey.status).toBe(200);
    const ourKeys = (await owner.trpc.query<ApiKey[]>('teams.keys', { teamId })).data;
    for (const [method, url, payload] of [
      ['GET', `/api/teams/${teamId}`],
      ['GET', `/api/teams/${teamId}/keys`],
      ['GET', `/api/teams/${teamId}/usage`],
      ['GET', `/api/teams/${teamId}/alerts`],
      ['POST', `/api/teams/${teamId}/keys`, { name: 'x' }],
      ['DELETE', `/api/teams/${teamId}/keys/${ourKeys[0]!.id}`],
      ['POST', `/api/teams/${teamId}/invitations`, { email: rival.user.email, role: 'owner' }],
      ['DELETE', `/api/teams/${teamId}/members/${member.user.id}`],
      ['DELETE', `/api/teams/${teamId}`],
    ] as const) {
      const res = await rival.rest(method, url, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 404, { error: TEAM_MESSAGES.notFound }]);
    }
    for (const [path, input] of [
      ['teams.get', { teamId }],
      ['teams.keys', { teamId }],
      ['teams.usage', { teamId }],
    ] as const)
      expect((await rival.trpc.query(path, input)).status).toBe(404);
    expect((await rival.trpc.mutate('teams.deleteKey', { teamId, id: ourKeys[0]!.id })).status).toBe(404);
    // Our key ids in the rival team's name: not found there either.
    expect((await rival.trpc.mutate('teams.deleteKey', { teamId: rivalTeamId, id: ourKeys[0]!.id })).status).toBe(404);
    // /v1: the rival's key sees its own team's (empty) usage and alerts.
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(rivalKey.data.secret) });
    expect(usage.json<{ calls: number }>().calls).toBe(0);
    const alerts = await t.app.inject({ method: 'GET', url: '/v1/alerts', headers: bearer(rivalKey.data.secret) });
    expect(alerts.json<{ data: unknown[] }>().data).toEqual([]);
    expect((await owner.trpc.query<TeamSummary[]>('teams.list')).data.map((team) => team.id)).toEqual([teamId]);
  });

  it('invitations: once only, for their own address, until they expire (pinned clock), withdrawable', async () => {
    const newcomer = await person();
    const token = await invite(owner, newcomer.user.email, 'member');
    const wrong = await rival.trpc.mutate('teams.accept', { token });
    expect(wrong).toMatchObject({ status: 403, error: { message: TEAM_MESSAGES.invitationOtherEmail } });
    // Refused for another address, it stays open for its own.
    expect((await newcomer.trpc.mutate<TeamSummary>('teams.accept', { token })).data).toMatchObject({ id: teamId, role: 'member' });
    const again = await newcomer.rest('POST', '/api/teams/invitations/accept', { token });
    expect([again.statusCode, again.json()]).toEqual([400, { error: TEAM_MESSAGES.invitationInvalid }]);
    // Expiry, on the service's clock: a day after the TTL it is refused; a minute before it works.
    const late = await person();
    const lateToken = await invite(owner, late.user.email, 'member');
    const sent = Date.now();
    const at = (ms: number) => ({ ...t.app.deps, now: () => new Date(sent + ms) });
    await expect(
      acceptInvitation(at((TEAM_INVITATION_TTL_DAYS + 1) * 86_400_000), { token: lateToken }, { userId: late.user.id }),
    ).rejects.toThrow(TEAM_MESSAGES.invitationInvalid);
    await expect(
      acceptInvitation(at(TEAM_INVITATION_TTL_DAYS * 86_400_000 - 60_000), { token: lateToken }, { userId: late.user.id }),
    ).resolves.toMatchObject({
      role: 'member',
    });
    // Withdrawn: the link stops.
    const withdrawn = await person();
    const withdrawnToken = await invite(owner, withdrawn.user.email, 'admin');
    const open = (await owner.trpc.query<TeamDetail>('teams.get', { teamId })).data.invitations.find(
      (i) => i.email === withdrawn.user.email,
    );
    expect((await owner.rest('DELETE', `/api/teams/${teamId}/invitations/${open!.id}`)).statusCode).toBe(200);
    expect((await withdrawn.trpc.mutate('teams.accept', { token: withdrawnToken })).status).toBe(400);
    // An unconfirmed address cannot start a team.
    const { token: unverified } = await signup(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/teams', headers: bearer(unverified), payload: { name: 'x' } });
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: TEAM_MESSAGES.verifyFirst }]);
  });

  it('removing a member revokes at once: their next request is refused, and the keys they made stop on /v1', async () => {
    const made = await admin.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'made by the admin' });
    const kept = await owner.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'made by the owner' });
    const call = (secret: string) => t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(secret) });
    expect((await call(made.data.secret)).statusCode).toBe(200);
    expect((await admin.trpc.query('teams.keys', { teamId })).status).toBe(200);
    const removed = await owner.rest('DELETE', `/api/teams/${teamId}/members/${admin.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ keysDeleted: number }>().keysDeleted).toBeGreaterThanOrEqual(1);
    expect((await admin.trpc.query('teams.keys', { teamId })).status).toBe(404);
    expect((await admin.rest('GET', `/api/teams/${teamId}/usage`)).statusCode).toBe(404);
    expect((await admin.trpc.query<TeamSummary[]>('teams.list')).data).toEqual([]);
    expect((await call(made.data.secret)).statusCode).toBe(401);
    expect((await call(kept.data.secret)).statusCode).toBe(200);
    // A member who leaves is refused the same way.
    expect((await member.trpc.mutate('teams.leave', { teamId })).status).toBe(200);
    expect((await member.rest('GET', `/api/teams/${teamId}`)).statusCode).toBe(404);
  });

  it("a team's account cannot be signed in to", async () => {
    const account = await t.app.db
      .selectFrom('teams')
      .innerJoin('users', 'users.id', 'teams.account_id')
      .select('users.email')
      .where('teams.id', '=', teamId)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'anything-at-all-1A' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('owners delete the team: its keys stop, its members see nothing', async () => {
    const account = await t.app.db.selectFrom('teams').select('account_id').where('id', '=', teamId).executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ plan: 'free' }).where('id', '=', account.account_id).execute();
    const key = await owner.trpc.mutate<CreatedApiKey>('teams.createKey', { teamId, name: 'last' });
    expect((await owner.rest('DELETE', `/api/teams/${teamId}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(key.data.secret) })).statusCode).toBe(401);
    expect((await billing.trpc.query('teams.get', { teamId })).status).toBe(404);
    // The rival team is untouched.
    expect((await rival.trpc.query('teams.keys', { teamId: rivalTeamId })).status).toBe(200);
  });
});
