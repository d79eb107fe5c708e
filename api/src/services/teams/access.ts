import { TEAM_MESSAGES, teamRoleCan, type TeamAction, type TeamRole } from '@coinsight/contracts';
import { hasTwoFactor } from '../auth/two-factor/enrolment.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';

/** What a member may reach of one team, found by teamAccess. */
export interface TeamAccess {
  teamId: string;
  role: TeamRole;
  /**
   * The team's account as a caller: the services of keys, usage, budgets, billing and alerts take
   * it as they take a person's account, so a team's resources are read and written by the same code.
   */
  account: SignedIn;
}

/**
 * Checks, on every team read and write, that the caller is a member of the team and that their
 * role may do `action` (TEAM_PERMISSIONS). No cache: a member removed or demoted is refused from
 * their next request on. A team the caller is not in is answered as one that does not exist (404),
 * so another team's id is never confirmed; a role that may not is 403, naming the role; a team
 * that requires two-factor sign-in refuses (403) a member without it, but for leaving.
 */
export async function teamAccess(
  deps: Pick<ServiceDeps, 'db'>,
  input: { teamId: string; action: TeamAction },
  caller: SignedIn,
): Promise<TeamAccess> {
  const row = await deps.db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['teams.account_id', 'teams.require_two_factor', 'team_members.role'])
    .where('team_members.team_id', '=', input.teamId)
    .where('team_members.user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!row) throw new NotOwnedError('team', input.teamId, caller.userId, TEAM_MESSAGES.notFound);
  if (!teamRoleCan(row.role, input.action)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleRefused(row.role));
  // Read on every call like the membership: a member who turns two-factor off is refused from
  // their next request on. Leaving stays open to them.
  if (row.require_two_factor && input.action !== 'leave' && !(await hasTwoFactor(deps.db, caller.userId)))
    throw new AppError('FORBIDDEN', TEAM_MESSAGES.twoFactorRequired);
  return { teamId: input.teamId, role: row.role, account: { userId: row.account_id } };
}
