import { reportUsage } from '../services/billing/metering/report.js';
import { atTime } from '../services/clock.js';
import type { ServiceDeps } from '../services/deps.js';
import type { JobDefinition } from './runner.js';

/**
 * The meter report (docs/billing.md, "Usage reported exactly once"), only with Stripe configured:
 * every 10 minutes the settled hours of Pro usage go to the Billing Meter (meter_reports makes a
 * resend the same event).
 */
export function meteringJobs(deps: Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'now'>): JobDefinition[] {
  if (!deps.stripe) return [];
  return [{ name: 'billing-meter-report', cron: '*/10 * * * *', run: (now, _data, signal) => reportUsage(atTime(deps, now), { signal }) }];
}
