import { PLANS, type PlanId } from '@coinsight/contracts';
import type { RateLimit, RateLimits } from '../rate-limit.js';

/** The /v1 per-minute limits: one counter per key and one per account, for each plan's rate. */
export interface ApiLimits {
  apiPerKey: Record<PlanId, RateLimit>;
  apiPerAccount: Record<PlanId, RateLimit>;
}

export function createApiLimits(limits: RateLimits): ApiLimits {
  const perPlan = (scope: string) => {
    const make = (plan: PlanId) =>
      limits.create({ name: `v1-${scope}-${plan}`, points: PLANS[plan].requestsPerMinute, durationSeconds: 60 });
    return { free: make('free'), pro: make('pro') };
  };
  return { apiPerKey: perPlan('key'), apiPerAccount: perPlan('account') };
}
