import { deliverWebhooks, type WebhookDeliverDeps } from '../services/webhooks/deliver.js';
import type { JobDefinition } from './runner.js';
import { atTime } from '../services/clock.js';

/**
 * Webhook delivery: a run every few seconds sends what the outbox (webhook_deliveries) has due.
 * The schedule, retries and their record live in that table rather than in pg-boss's own retry:
 * the row is written in the transaction that fires the alert (pg-boss's send runs outside it),
 * each attempt must be recorded for the owner, and the backoff is ours (30 s … 6 h).
 */
export function webhookJobs(deps: WebhookDeliverDeps, options: { everySeconds: number } = { everySeconds: 5 }): JobDefinition[] {
  return [{ name: 'webhook-deliver', everySeconds: options.everySeconds, run: (now) => deliverWebhooks(atTime(deps, now), {}) }];
}
