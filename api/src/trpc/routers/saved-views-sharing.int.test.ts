import { MAX_SAVED_VIEWS, SAVED_VIEW_MESSAGES, TEAM_MESSAGES, type SavedView, type TeamSummary } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, lastMailTo, signup, verifiedSignup } from '../../test/auth.js';
import { importAllFixtures } from '../../test/social-fixtures.js';
import { trpcCaller } from '../../test/trpc.js';

// Saved views shared with a team (docs/accounts.md, "Teams"; docs/social-data.md): a member moves
// one of their views into the team, every member lists and applies it, its creator and the team's
// owners and admins change it, other members get a 403, and nobody outside the team (another
// team, an account in none, a member just removed) sees anything of it: 404 as for a missing view.

let t: TestApp;
type Person = Awaited<ReturnType<typeof person>>;
let owner: Person;
let admin: Person;
let member: Person;
let colleague: Person;
let billing: Person;
let rival: Person;
let outsider: Person;
let teamId: string;
let rivalTeamId: string;

async function person(verified = true) {
  const { user, token } = verified ? await verifiedSignup(t.app) : await signup(t.app);
  const headers = bearer(token);
  const trpc = trpcCaller(t.app, headers, { freshAddress: true });
  const rest = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const list = async (table = 'social.twitter') => (await trpc.query<SavedView[]>('savedViews.list', { table })).data;
  const save = async (
    name: string,
    state: object = { filters: { coin: 'BTC' }, sortBy: 'likes', sortOrder: 'desc', hiddenColumns: [] },
  ) => {
    const res = await rest('POST', '/api/saved-views', { table: 'social.twitter', name, state });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SavedView>();
  };
  return { user, trpc, rest, list, save };
}

async function join(who: Person, role: string) {
  const invited = await owner.rest('POST', `/api/teams/${teamId}/invitations`, { email: who.user.email, role });
  expect(invited.statusCode, invited.body).toBe(200);
  const token = (await lastMailTo(t.app, who.user.email)).text_body.match(/\/team-invitation\?token=([A-Za-z0-9_-]{43})/)?.[1];
  expect((await who.rest('POST', '/api/teams/invitations/accept', { token })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await importAllFixtures(t.app.db);
  [owner, admin, member, colleague, billing, rival] = [
    await person(),
    await person(),
    await person(),
    await person(),
    await person(),
    await person(),
  ];
  outsider = await person(false);
  const created = await owner.rest('POST', '/api/teams', { name: 'Acme research' });
  expect(created.statusCode, created.body).toBe(201);
  teamId = created.json<TeamSummary>().id;
  await join(admin, 'admin');
  await join(member, 'member');
  await join(colleague, 'member');
  await join(billing, 'billing');
  rivalTeamId = (await rival.rest('POST', '/api/teams', { name: 'Rival' })).json<TeamSummary>().id;
});

afterAll(async () => {
  await t?.close();
});

const sharedWith = (id: string, name = 'Acme research') => ({ id, name });

describe(`saved views shared with a team (${process.env.TEST_DB})`, () => {
  it('a member shares a view: it moves into the team, every member lists and applies it, marked with the team', async () => {
    const view = await member.save('Whales on BTC');
    expect(view).toMatchObject({ team: null, canChange: true });
    const shared = await member.rest('POST', `/api/saved-views/${view.id}/share`, { teamId });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({ ...view, team: sharedWith(teamId), canChange: true, updatedAt: expect.any(String) });

    // Listed once, as the team's, beside each member's own views (own first, then the team's).
    const mine = await member.save('Mine only');
    expect((await member.list()).map((v) => [v.name, v.team?.name ?? null, v.canChange])).toEqual([
      ['Mine only', null, true],
      ['Whales on BTC', 'Acme research', true],
    ]);
    for (const [who, canChange] of [
      [owner, true],
      [admin, true],
      [colleague, false],
      [billing, false],
    ] as const) {
      const seen = (await who.list()).find((v) => v.id === view.id);
      expect(seen).toEqual({ ...shared.json<SavedView>(), canChange });
    }
    expect((await colleague.list()).map((v) => v.id)).not.toContain(mine.id);
    const viaRest = await colleague.rest('GET', '/api/saved-views?table=social.twitter');
    expect(viaRest.json<SavedView[]>().map((v) => v.id)).toEqual([view.id]);
    expect(await colleague.list('social.facebook')).toEqual([]);

    // Applying it is asking the list for its state, as for one's own view.
    const { state } = shared.json<SavedView>();
    const applied = await colleague.trpc.query<{ data: { symbols: string[]; likes: number }[] }>('social.list.twitter', {
      ...state.filters,
      sortBy: state.sortBy,
      sortOrder: state.sortOrder,
    });
    expect(applied.data.data.length).toBeGreaterThan(0);
    expect(applied.data.data.every((post) => post.symbols.includes('BTC'))).toBe(true);

    // The personal name is free again; the creator stays recorded.
    expect((await member.rest('POST', '/api/saved-views', { table: 'social.twitter', name: 'Whales on BTC', state })).statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('saved_views')
      .select(['owner_user_id', 'owner_team_id', 'created_by'])
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_user_id: null, owner_team_id: teamId, created_by: member.user.id });
  });

  it('its creator, owners and admins rename and delete it; another member or the billing contact gets a 403', async () => {
    const view = await colleague.save('Colleague view');
    const viaTrpc = await colleague.trpc.mutate<SavedView>('savedViews.share', { id: view.id, teamId });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data.team).toEqual(sharedWith(teamId));

    for (const who of [member, billing]) {
      const rename = await who.rest('PATCH', `/api/saved-views/${view.id}`, { name: 'taken over' });
      expect(rename.statusCode).toBe(403);
      expect(rename.json()).toEqual({ error: SAVED_VIEW_MESSAGES.notYours });
      const remove = await who.rest('DELETE', `/api/saved-views/${view.id}`);
      expect(remove.statusCode).toBe(403);
      expect(remove.json().error).toBe(SAVED_VIEW_MESSAGES.notYours);
      const call = await who.trpc.mutate('savedViews.delete', { id: view.id });
      expect([call.status, call.error?.message]).toEqual([403, SAVED_VIEW_MESSAGES.notYours]);
    }
    expect((await colleague.list()).find((v) => v.id === view.id)?.name).toBe('Colleague view');

    const byCreator = await colleague.rest('PATCH', `/api/saved-views/${view.id}`, { name: 'Colleague view, renamed' });
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(byCreator.json()).toMatchObject({ name: 'Colleague view, renamed', team: sharedWith(teamId), canChange: true });
    const byAdmin = await admin.trpc.mutate<SavedView>('savedViews.rename', { id: view.id, name: 'Picked by admin' });
    expect(byAdmin.data).toMatchObject({ name: 'Picked by admin', canChange: true });
    // Names are unique among the team's views of the table, whatever the case.
    const clash = await owner.rest('PATCH', `/api/saved-views/${view.id}`, { name: 'whales on btc' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: SAVED_VIEW_MESSAGES.duplicate('whales on btc'), param: 'name' });
    expect((await admin.rest('DELETE', `/api/saved-views/${view.id}`)).json()).toEqual({ deleted: true });
    expect((await member.list()).map((v) => v.id)).not.toContain(view.id);
    expect((await admin.rest('DELETE', `/api/saved-views/${view.id}`)).statusCode).toBe(404);
  });

  it('another team and an account in no team see nothing of it: 404 as for a view that does not exist', async () => {
    const view = await member.save('Team secret');
    expect((await member.rest('POST', `/api/saved-views/${view.id}/share`, { teamId })).statusCode).toBe(200);
    for (const who of [rival, outsider]) {
      expect((await who.list()).map((v) => v.id)).not.toContain(view.id);
      const listed = await who.rest('GET', '/api/saved-views?table=social.twitter');
      expect(listed.body).not.toContain('Team secret');
      const rename = await who.rest('PATCH', `/api/saved-views/${view.id}`, { name: 'mine now' });
      expect([rename.statusCode, rename.json().error]).toEqual([404, SAVED_VIEW_MESSAGES.notFound]);
      expect((await who.rest('DELETE', `/api/saved-views/${view.id}`)).statusCode).toBe(404);
      expect((await who.trpc.mutate('savedViews.delete', { id: view.id })).status).toBe(404);
      const share = await who.rest('POST', `/api/saved-views/${view.id}/share`, { teamId: rivalTeamId });
      expect(share.statusCode).toBe(404);
    }
    // Nor can they push a view into a team they are not in: the team is not found.
    const own = await rival.save('Rival view');
    const intoAcme = await rival.rest('POST', `/api/saved-views/${own.id}/share`, { teamId });
    expect([intoAcme.statusCode, intoAcme.json().error]).toEqual([404, TEAM_MESSAGES.notFound]);
    const intoRival = await rival.rest('POST', `/api/saved-views/${own.id}/share`, { teamId: rivalTeamId });
    expect(intoRival.json<SavedView>().team).toEqual(sharedWith(rivalTeamId, 'Rival'));
    expect((await member.list()).map((v) => v.id)).not.toContain(own.id);
    expect((await member.rest('PATCH', `/api/saved-views/${own.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('a member removed from the team loses its views from their very next request', async () => {
    const leaver = await person();
    await join(leaver, 'member');
    const view = await admin.save('Admin view');
    expect((await admin.rest('POST', `/api/saved-views/${view.id}/share`, { teamId })).statusCode).toBe(200);
    const theirs = await leaver.save('Leaver view');
    expect((await leaver.trpc.mutate('savedViews.share', { id: theirs.id, teamId })).status).toBe(200);
    expect((await leaver.list()).map((v) => v.id)).toEqual(expect.arrayContaining([view.id, theirs.id]));

    const removed = await owner.rest('DELETE', `/api/teams/${teamId}/members/${leaver.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await leaver.list()).toEqual([]);
    // Not even the view they shared themselves: it is the team's now.
    for (const id of [view.id, theirs.id]) {
      expect((await leaver.rest('PATCH', `/api/saved-views/${id}`, { name: 'still mine?' })).statusCode).toBe(404);
      expect((await leaver.rest('DELETE', `/api/saved-views/${id}`)).statusCode).toBe(404);
    }
    expect((await colleague.list()).map((v) => v.id)).toEqual(expect.arrayContaining([view.id, theirs.id]));
  });

  it('refuses a role that may not share, a view not one own, one already shared, a taken name, a full team and bad input', async () => {
    const billed = await billing.save('Billing view');
    const refused = await billing.rest('POST', `/api/saved-views/${billed.id}/share`, { teamId });
    expect([refused.statusCode, refused.json().error]).toEqual([403, TEAM_MESSAGES.roleRefused('billing')]);
    expect((await billing.list()).find((v) => v.id === billed.id)?.team).toBeNull();

    const first = await member.save('Shared twice');
    expect((await member.rest('POST', `/api/saved-views/${first.id}/share`, { teamId })).statusCode).toBe(200);
    const again = await member.rest('POST', `/api/saved-views/${first.id}/share`, { teamId });
    expect([again.statusCode, again.json().error]).toEqual([409, SAVED_VIEW_MESSAGES.alreadyShared]);
    // Another member's personal view is not theirs to share: 404.
    const others = await colleague.save('Colleague only');
    expect((await member.rest('POST', `/api/saved-views/${others.id}/share`, { teamId })).statusCode).toBe(404);

    const twin = await colleague.save('SHARED TWICE');
    const taken = await colleague.rest('POST', `/api/saved-views/${twin.id}/share`, { teamId });
    expect([taken.statusCode, taken.json().error]).toEqual([409, SAVED_VIEW_MESSAGES.teamDuplicate('SHARED TWICE')]);

    const bad: [object, string][] = [
      [{}, 'teamId is required'],
      [{ teamId: 'acme' }, 'teamId is invalid'],
      [{ teamId, extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, error] of bad) {
      const res = await colleague.rest('POST', `/api/saved-views/${twin.id}/share`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await colleague.rest('POST', '/api/saved-views/abc/share', { teamId })).json().error).toBe('id must be a whole number');

    // A team keeps MAX_SAVED_VIEWS views of a table, as a person does.
    const { n } = await t.app.db
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_team_id', '=', teamId)
      .where('table_name', '=', 'social.linkedin')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
    await t.app.db
      .insertInto('saved_views')
      .values(
        Array.from({ length: MAX_SAVED_VIEWS }, (_, i) => ({
          owner_team_id: teamId,
          created_by: owner.user.id,
          table_name: 'social.linkedin',
          name: `team view ${i}`,
          state: JSON.stringify({ filters: {}, hiddenColumns: [] }),
        })),
      )
      .execute();
    const extra = await colleague.rest('POST', '/api/saved-views', {
      table: 'social.linkedin',
      name: 'one more',
      state: { filters: {}, hiddenColumns: [] },
    });
    const full = await colleague.rest('POST', `/api/saved-views/${extra.json<SavedView>().id}/share`, { teamId });
    expect([full.statusCode, full.json().error]).toEqual([409, SAVED_VIEW_MESSAGES.teamFull]);
  });
});
