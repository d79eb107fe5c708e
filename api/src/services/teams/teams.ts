import { randomBytes } from 'node:crypto';
import {
  TEAM_MESSAGES,
  TEAMS_PER_ACCOUNT,
  teamRoleCan,
  type CreateTeamInput,
  type RenameTeamInput,
  type TeamDetail,
  type TeamIdInput,
  type TeamSummary,
} from '@coinsight/contracts';
import { hashPassword } from '../auth/passwords.js';
import { newId } from '../auth/users.js';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { teamAccess } from './access.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'now'>;

/** `team_…`: 96 random bits, as the other ids. */
export const newTeamId = () => `team_${randomBytes(12).toString('base64url')}`;

/**
 * The address of a team's account: `.invalid` is reserved (RFC 2606), so it never reaches anyone
 * and no one can sign up with a real mailbox under it; the team's id makes it unique.
 */
const teamAccountEmail = (teamId: string) => `${teamId.toLowerCase()}@teams.invalid`;

/**
 * Makes a team whose owner is the caller. Its account is a users row nobody signs in to (its
 * password is 256 random bits nobody is told, and its address is reserved): keys, usage, the plan,
 * budgets and the subscription hang off it as off a person's account. Needs a confirmed address,
 * as API keys do; at most TEAMS_PER_ACCOUNT teams per account.
 */
export async function createTeam(deps: Deps, input: CreateTeamInput, caller: SignedIn): Promise<TeamSummary> {
  const { userId } = caller;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const teamId = newTeamId();
  const accountId = newId('usr');
  await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('email_verified_at').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.email_verified_at === null) throw new AppError('FORBIDDEN', TEAM_MESSAGES.verifyFirst);
    const { count } = await trx
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= TEAMS_PER_ACCOUNT) throw new AppError('FORBIDDEN', TEAM_MESSAGES.tooManyTeams);
    await trx
      .insertInto('users')
      .values({
        id: accountId,
        username: `team_${randomBytes(9).toString('base64url')}`,
        email: teamAccountEmail(teamId),
        password_hash: passwordHash,
        avatar: null,
        email_verified_at: deps.now(),
      })
      .execute();
    await trx.insertInto('teams').values({ id: teamId, name: input.name, account_id: accountId, created_by: userId }).execute();
    await trx.insertInto('team_members').values({ team_id: teamId, user_id: userId, role: 'owner' }).execute();
  });
  deps.log.info({ event: 'team.created', userId, teamId }, 'team created');
  return { id: teamId, name: input.name, role: 'owner', plan: 'free' };
}

/** The caller's teams, oldest membership first, with their role and the team's plan. */
export async function listTeams(deps: Pick<ServiceDeps, 'db'>, _input: NoInput, caller: SignedIn): Promise<TeamSummary[]> {
  const rows = await deps.db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .innerJoin('users', 'users.id', 'teams.account_id')
    .select(['teams.id', 'teams.name', 'team_members.role', 'users.plan'])
    .where('team_members.user_id', '=', caller.userId)
    .orderBy('team_members.created_at')
    .orderBy('teams.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, role: row.role, plan: row.plan }));
}

/** One team, its members, and (for those who manage members) its open invitations. */
export async function getTeam(deps: Pick<ServiceDeps, 'db' | 'now'>, input: TeamIdInput, caller: SignedIn): Promise<TeamDetail> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'view' }, caller);
  const [team, members, invitations] = await Promise.all([
    deps.db
      .selectFrom('teams')
      .innerJoin('users', 'users.id', 'teams.account_id')
      .select(['teams.name', 'teams.require_two_factor', 'users.plan'])
      .where('teams.id', '=', input.teamId)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .leftJoin('two_factor', (join) => join.onRef('two_factor.user_id', '=', 'users.id').on('two_factor.confirmed_at', 'is not', null))
      .select([
        'users.id',
        'users.username',
        'users.email',
        'team_members.role',
        'team_members.created_at',
        'two_factor.user_id as second_factor',
      ])
      .where('team_members.team_id', '=', input.teamId)
      .orderBy('team_members.created_at')
      .orderBy('users.id')
      .execute(),
    teamRoleCan(access.role, 'manageMembers')
      ? deps.db
          .selectFrom('team_invitations')
          .select(['id', 'email', 'role', 'expires_at'])
          .where('team_id', '=', input.teamId)
          .where('accepted_at', 'is', null)
          .where('expires_at', '>', deps.now())
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    id: input.teamId,
    name: team.name,
    role: access.role,
    plan: team.plan,
    requireTwoFactor: team.require_two_factor,
    members: members.map((m) => ({
      userId: m.id,
      username: m.username,
      email: m.email,
      role: m.role,
      joinedAt: m.created_at.toISOString(),
      twoFactor: m.second_factor !== null,
    })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expires_at.toISOString() })),
  };
}

/** Renames a team (owners and admins); every member sees the new name on their next read. */
export async function renameTeam(deps: Deps, input: RenameTeamInput, caller: SignedIn): Promise<TeamSummary> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'renameTeam' }, caller);
  const row = await deps.db
    .updateTable('teams')
    .set({ name: input.name })
    .from('users')
    .whereRef('users.id', '=', 'teams.account_id')
    .where('teams.id', '=', input.teamId)
    .returning(['users.plan'])
    .executeTakeFirstOrThrow();
  deps.log.info({ event: 'team.renamed', userId: caller.userId, teamId: input.teamId }, 'team renamed');
  return { id: input.teamId, name: input.name, role: access.role, plan: row.plan };
}

/**
 * Deletes a team (owners only): its keys stop working on the next call, its members and
 * invitations go. Its account row stays, so the usage already counted keeps its keys and bill. A
 * team on Pro is refused until its plan is cancelled, so no subscription is left billing nobody.
 */
export async function deleteTeam(deps: Deps, input: TeamIdInput, caller: SignedIn): Promise<{ ok: true }> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'deleteTeam' }, caller);
  const accountId = access.account.userId;
  await deps.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('users').select('plan').where('id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
    if (account.plan !== 'free') throw new AppError('CONFLICT', TEAM_MESSAGES.cancelProFirst);
    await trx
      .updateTable('api_keys')
      .set({ deleted_at: deps.now() })
      .where('user_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .execute();
    await trx.deleteFrom('teams').where('id', '=', input.teamId).execute();
  });
  deps.log.info({ event: 'team.deleted', userId: caller.userId, teamId: input.teamId }, 'team deleted');
  return { ok: true };
}
