import { PLANS, PUBLIC_TEST_KEY_REQUESTS_PER_MINUTE, TEST_KEY_REQUESTS_PER_MINUTE, type PlanId } from '@coinsight/contracts';
import type { RateLimit, RateLimits } from '../../rate-limit.js';

/** The /v1 per-minute limits: one counter per key and one per account, for each plan's rate. */
export interface ApiLimits {
  apiPerKey: Record<PlanId, RateLimit>;
  apiPerAccount: Record<PlanId, RateLimit>;
  /** Each test key's own per-minute limit (TEST_KEY_REQUESTS_PER_MINUTE), whatever the plan. */
  apiTest: RateLimit;
  /** The public test key's, per client address (PUBLIC_TEST_KEY_REQUESTS_PER_MINUTE). */
  apiPublicTest: RateLimit;
}

export function createApiLimits(limits: RateLimits): ApiLimits {
  const perPlan = (scope: string) => {
    const make = (plan: PlanId) =>
      limits.create({ name: `v1-${scope}-${plan}`, points: PLANS[plan].requestsPerMinute, durationSeconds: 60 });
    return { free: make('free'), pro: make('pro') };
  };
  return {
    apiPerKey: perPlan('key'),
    apiPerAccount: perPlan('account'),
    apiTest: limits.create({ name: 'v1-test-key', points: TEST_KEY_REQUESTS_PER_MINUTE, durationSeconds: 60 }),
    apiPublicTest: limits.create({ name: 'v1-test-public', points: PUBLIC_TEST_KEY_REQUESTS_PER_MINUTE, durationSeconds: 60 }),
  };
}
