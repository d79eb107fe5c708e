import type { ServiceDeps } from '../services/deps.js';
import { reportUsage } from '../services/billing/meter-report.js';
import { expirePastDueGrace } from '../services/billing/subscriptions.js';
import type { JobDefinition } from './runner.js';

/**
 * Stripe billing, only with Stripe configured: every 10 minutes the settled hours of
 * Pro usage go to the Billing Meter (meter_reports makes a resend the same event), and every 10
 * minutes past-due subscriptions past their grace period go back to Free's limits.
 */
export function billingJobs(deps: Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer'>): JobDefinition[] {
  if (!deps.stripe) return [];
  return [
    { name: 'billing-meter-report', cron: '*/10 * * * *', run: (now, _data, signal) => reportUsage(deps, { now, signal }) },
    { name: 'billing-past-due-grace', cron: '5-59/10 * * * *', run: (now) => expirePastDueGrace(deps, now) },
  ];
}
