import { TEAM_MESSAGES, type SetTeamTwoFactorInput } from '@coinsight/contracts';
import { hasTwoFactor } from '../auth/two-factor/enrolment.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { teamAccess } from './access.js';

/**
 * Requires (or stops requiring) two-factor sign-in of the team's members: owners only, and only
 * an owner who has it on, so the rule never locks out the one who set it. Members without it are
 * refused from their next team request on (teamAccess), can still leave, and an invitation waits
 * for its addressee to turn it on. API keys are not sign-ins: the team's keys keep working.
 */
export async function setTeamTwoFactor(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  input: SetTeamTwoFactorInput,
  caller: SignedIn,
): Promise<{ requireTwoFactor: boolean }> {
  await teamAccess(deps, { teamId: input.teamId, action: 'requireTwoFactor' }, caller);
  if (input.required && !(await hasTwoFactor(deps.db, caller.userId))) throw new AppError('CONFLICT', TEAM_MESSAGES.twoFactorYoursFirst);
  await deps.db.updateTable('teams').set({ require_two_factor: input.required }).where('id', '=', input.teamId).execute();
  deps.log.info(
    { event: 'team.two_factor_rule', userId: caller.userId, teamId: input.teamId, required: input.required },
    'team two-factor rule set',
  );
  return { requireTwoFactor: input.required };
}
