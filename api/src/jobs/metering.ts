import { reportUsage } from '../services/billing/metering/report.js';
import { atTime } from '../services/clock.js';
import type { ServiceDeps } from '../services/deps.js';
import { applyRequestLogRetention } from '../services/request-log/retention.js';
import type { JobDefinition } from './runner.js';

/**
 * The request log's retention, daily: calls older than 30 days go (docs/api-keys.md, "Request
 * log"). With Stripe configured, the meter report too (docs/billing.md, "Usage reported exactly
 * once"): every 10 minutes the settled hours of Pro usage go to the Billing Meter (meter_reports
 * makes a resend the same event).
 */
export function meteringJobs(deps: Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'now'>): JobDefinition[] {
  const retention: JobDefinition = {
    name: 'request-log-retention',
    cron: '41 3 * * *',
    run: (now) => applyRequestLogRetention(atTime(deps, now), {}),
  };
  if (!deps.stripe) return [retention];
  return [
    retention,
    { name: 'billing-meter-report', cron: '*/10 * * * *', run: (now, _data, signal) => reportUsage(atTime(deps, now), { signal }) },
  ];
}
