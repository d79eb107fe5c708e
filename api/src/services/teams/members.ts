import { TEAM_MESSAGES, type SetTeamMemberRoleInput, type TeamIdInput, type TeamMemberInput, type TeamRole } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { teamAccess, type TeamAccess } from './access.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'now'>;

/** The member's row, locked with the team's other owners' for the rest of the transaction. */
async function memberOf(trx: Db, teamId: string, userId: string): Promise<{ role: TeamRole; otherOwners: number }> {
  const rows = await trx
    .selectFrom('team_members')
    .select(['user_id', 'role'])
    .where('team_id', '=', teamId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('role', '=', 'owner')]))
    .orderBy('user_id')
    .forUpdate()
    .execute();
  const member = rows.find((row) => row.user_id === userId);
  if (!member) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  return { role: member.role, otherOwners: rows.filter((row) => row.role === 'owner' && row.user_id !== userId).length };
}

/** Only an owner adds, changes or removes an owner; and the last owner stays one. */
function checkOwnerRules(access: TeamAccess, member: { role: TeamRole; otherOwners: number }, newRole: TeamRole | null): void {
  const touchesOwner = member.role === 'owner' || newRole === 'owner';
  if (touchesOwner && access.role !== 'owner') throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownersOnly);
  if (member.role === 'owner' && newRole !== 'owner' && member.otherOwners === 0) throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner);
}

/**
 * Takes a member out of the team: from their next request on, nothing of the team answers them,
 * and the team's keys they made (whose secret they saw) are deleted, so those stop on the next call.
 */
async function dropMember(trx: Db, access: TeamAccess, userId: string, now: Date): Promise<number> {
  await trx.deleteFrom('team_members').where('team_id', '=', access.teamId).where('user_id', '=', userId).execute();
  const keys = await trx
    .updateTable('api_keys')
    .set({ deleted_at: now })
    .where('user_id', '=', access.account.userId)
    .where('created_by', '=', userId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return keys.length;
}

/** Changes a member's role (owners and admins; only owners make or unmake owners, so owners hand a team over). */
export async function setMemberRole(deps: Deps, input: SetTeamMemberRoleInput, caller: SignedIn): Promise<{ ok: true }> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'manageMembers' }, caller);
  await deps.db.transaction().execute(async (trx) => {
    checkOwnerRules(access, await memberOf(trx, input.teamId, input.userId), input.role);
    await trx
      .updateTable('team_members')
      .set({ role: input.role })
      .where('team_id', '=', input.teamId)
      .where('user_id', '=', input.userId)
      .execute();
  });
  deps.log.info(
    { event: 'team.role_changed', userId: caller.userId, teamId: input.teamId, memberId: input.userId, role: input.role },
    'team role changed',
  );
  return { ok: true };
}

/** Removes a member (owners and admins; only owners remove owners). */
export async function removeMember(deps: Deps, input: TeamMemberInput, caller: SignedIn): Promise<{ ok: true; keysDeleted: number }> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'manageMembers' }, caller);
  const keysDeleted = await deps.db.transaction().execute(async (trx) => {
    checkOwnerRules(access, await memberOf(trx, input.teamId, input.userId), null);
    return dropMember(trx, access, input.userId, deps.now());
  });
  deps.log.info(
    { event: 'team.member_removed', userId: caller.userId, teamId: input.teamId, memberId: input.userId, keysDeleted },
    'team member removed',
  );
  return { ok: true, keysDeleted };
}

/** Leaves a team (any member; the last owner first makes another member owner, or deletes the team). */
export async function leaveTeam(deps: Deps, input: TeamIdInput, caller: SignedIn): Promise<{ ok: true; keysDeleted: number }> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'leave' }, caller);
  const keysDeleted = await deps.db.transaction().execute(async (trx) => {
    const member = await memberOf(trx, input.teamId, caller.userId);
    if (member.role === 'owner' && member.otherOwners === 0) throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner);
    return dropMember(trx, access, caller.userId, deps.now());
  });
  deps.log.info({ event: 'team.member_left', userId: caller.userId, teamId: input.teamId, keysDeleted }, 'team member left');
  return { ok: true, keysDeleted };
}
