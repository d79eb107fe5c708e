import { PLANS, planLimitMessage, type PlanId, type PlanLimitId } from '@coinsight/contracts';
import { AppError } from '../../errors.js';

/** 403 with the cap's message when the account already holds `count` of what `limit` caps. */
export function assertUnderPlanLimit(plan: PlanId, limit: PlanLimitId, count: number | string | bigint): void {
  if (Number(count) >= PLANS[plan].limits[limit]) throw new AppError('FORBIDDEN', planLimitMessage(plan, limit));
}
