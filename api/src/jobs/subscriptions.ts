import { expirePastDueGrace } from '../services/billing/subscriptions/grace.js';
import { atTime } from '../services/clock.js';
import type { ServiceDeps } from '../services/deps.js';
import type { JobDefinition } from './runner.js';

/**
 * The subscriptions' grace expiry (docs/billing.md, "Failed payments"), only with Stripe
 * configured: every 10 minutes past-due subscriptions past their grace period go back to Free's
 * limits.
 */
export function subscriptionJobs(deps: Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer' | 'now'>): JobDefinition[] {
  if (!deps.stripe) return [];
  return [{ name: 'billing-past-due-grace', cron: '5-59/10 * * * *', run: (now) => expirePastDueGrace(atTime(deps, now), {}) }];
}
