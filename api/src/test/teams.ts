import type { TeamSummary } from '@coinsight/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, lastMailTo, verifiedSignup } from './auth.js';
import { trpcCaller } from './trpc.js';

// Teams for tests: a person with REST and tRPC at hand, a team of several roles made through the
// real invitations, and the team's account id (what its keys, usage and subscription hang off).

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-up person with a confirmed address, and their REST and tRPC callers. */
export async function teamPerson(app: FastifyInstance) {
  const { user, token } = await verifiedSignup(app);
  const headers = bearer(token);
  const trpc = trpcCaller(app, headers, { freshAddress: true });
  const rest = async (method: RestMethod, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { user, token, headers, trpc, rest };
}
export type TeamPerson = Awaited<ReturnType<typeof teamPerson>>;

/** `by` invites `who` with `role` by mail, and `who` accepts the mailed link. */
export async function joinTeam(app: FastifyInstance, by: TeamPerson, teamId: string, who: TeamPerson, role: string): Promise<void> {
  const sent = await by.rest('POST', `/api/teams/${teamId}/invitations`, { email: who.user.email, role });
  if (sent.statusCode !== 200) throw new Error(`invitation refused: ${sent.body}`);
  const mail = await lastMailTo(app, who.user.email);
  const token = mail.text_body.match(/\/team-invitation\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.text_body}`);
  const accepted = await who.rest('POST', '/api/teams/invitations/accept', { token });
  if (accepted.statusCode !== 200) throw new Error(`invitation not accepted: ${accepted.body}`);
}

/** A team made by `owner`, with each of `members` joined in the role given. */
export async function makeTeam(
  app: FastifyInstance,
  owner: TeamPerson,
  name: string,
  members: ReadonlyArray<[TeamPerson, string]> = [],
): Promise<{ teamId: string; accountId: string }> {
  const created = await owner.rest('POST', '/api/teams', { name });
  if (created.statusCode !== 201) throw new Error(`team not created: ${created.body}`);
  const teamId = created.json<TeamSummary>().id;
  for (const [who, role] of members) await joinTeam(app, owner, teamId, who, role);
  return { teamId, accountId: await teamAccountId(app, teamId) };
}

/** The users row a team's keys, usage, plan and subscription belong to. */
export async function teamAccountId(app: FastifyInstance, teamId: string): Promise<string> {
  const row = await app.db.selectFrom('teams').select('account_id').where('id', '=', teamId).executeTakeFirstOrThrow();
  return row.account_id;
}
