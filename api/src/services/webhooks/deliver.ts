import {
  ALERT_CHANNEL_NAMES,
  WEBHOOK_HEADERS,
  WEBHOOK_LEGACY_SIGNATURE_SUNSET,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type AlertChannel,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Transaction } from 'kysely';
import type { ServiceDeps } from '../deps.js';
import { ensureWebhookSecrets, signingSecrets, type StoredSecrets } from './secrets.js';
import { postWebhook, type SendResult } from './send.js';
import { legacyKeys, legacySignature, standardSignature } from './signing.js';
import { ChannelUnavailableError, resolveChannelTarget } from './channels.js';
import { WebhookTargetError, type ResolveAll } from './url-guard.js';

export type WebhookDeliverDeps = Pick<ServiceDeps, 'db' | 'log' | 'webhooks' | 'now'>;

/** Deliveries claimed per run, sent side by side. */
const BATCH = 10;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * A claimed delivery is hidden from other runs this long. Well past the timeout: if the process
 * dies mid-attempt the delivery comes back after it (at-least-once; receivers dedupe on the event id).
 */
const LEASE_MS = 120_000;
/** The first moment without the deprecated header: midnight UTC after the sunset day. */
const LEGACY_SIGNATURE_ENDS = new Date(Date.parse(`${WEBHOOK_LEGACY_SIGNATURE_SUNSET}T00:00:00Z`) + 86_400_000);

type Outcome = 'delivered' | 'retry' | 'failed';

/**
 * 2xx delivers. No answer (network error, timeout, DNS failure), 408, 429 and 5xx are worth
 * another try. Any other answer (3xx: redirects are not followed; 4xx: the endpoint refuses this
 * request) and a refused address will not change by retrying: the delivery fails at once.
 */
function classify(result: SendResult): Outcome {
  if (result.statusCode === null) return 'retry';
  if (result.statusCode >= 200 && result.statusCode < 300) return 'delivered';
  if (result.statusCode === 408 || result.statusCode === 429 || result.statusCode >= 500) return 'retry';
  return 'failed';
}

/**
 * A delivery's headers. `webhook-id` is the event's id, stored with the delivery, so every retry
 * carries the same one (the receiver's idempotency key). The timestamp is the real clock's, as the
 * receiver checks it against its own. Inside a rotation window both secrets sign (two entries).
 */
function signedHeaders(
  delivery: { id: number; payload: unknown },
  body: string,
  secrets: StoredSecrets | undefined,
  now: Date,
): Record<string, string> {
  // ensureWebhookSecrets made one for every account claimed: a missing one is a bug, not a state.
  if (!secrets) throw new Error(`no signing secret for delivery ${delivery.id}`);
  const event = delivery.payload as { id: string; type: string };
  const timestamp = Math.floor(Date.now() / 1000);
  const signing = signingSecrets(secrets, now);
  const headers: Record<string, string> = {
    [WEBHOOK_HEADERS.id]: event.id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: standardSignature(signing, event.id, timestamp, body),
    [WEBHOOK_HEADERS.event]: event.type,
    [WEBHOOK_HEADERS.delivery]: String(delivery.id),
  };
  // Deprecated: sent through WEBHOOK_LEGACY_SIGNATURE_SUNSET's day (UTC), then no more (docs/webhooks.md).
  if (now < LEGACY_SIGNATURE_ENDS) {
    headers[WEBHOOK_HEADERS.legacySignature] = legacySignature([...new Set(signing.flatMap(legacyKeys))], body, timestamp);
  }
  return headers;
}

/**
 * A channel that failed for good is reported to the alert's owner in the app (the bell), and the
 * alert answers it in `failingChannels` (read from this delivery): never dropped unseen.
 */
async function reportFailedChannel(
  trx: Transaction<Database>,
  delivery: { alert_id: number | null; user_id: string; channel: AlertChannel; attempts: number },
  result: SendResult,
  now: Date,
): Promise<void> {
  const name = ALERT_CHANNEL_NAMES[delivery.channel];
  const why = result.statusCode === null ? result.error : `HTTP ${result.statusCode}`;
  await trx
    .insertInto('notifications')
    .values({
      user_id: delivery.user_id,
      kind: 'channel-failed',
      alert_id: delivery.alert_id,
      created_at: now,
      title: `${name} delivery failed`,
      body: `An alert could not be sent to ${name} after ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'} (${why}). Check the channel on the alert.`,
    })
    .execute();
}

/**
 * The webhook-deliver job: claims the pending deliveries due at `now` (every channel: webhooks,
 * Slack, Discord, Telegram; only webhooks are signed) (FOR UPDATE SKIP LOCKED,
 * and a lease in next_attempt_at, so overlapping runs and instances never send one twice at
 * once), POSTs each signed, records the attempt, and schedules the next one by
 * WEBHOOK_RETRY_DELAYS_SECONDS or ends the delivery. The HTTP calls run outside any transaction.
 * `now` drives the schedule and the rotation window (tests pass it); the signature's timestamp is
 * the real clock's, as the receiver checks it against its own.
 */
export async function deliverWebhooks(
  deps: WebhookDeliverDeps,
  input: { timeoutMs?: number; resolve?: ResolveAll },
): Promise<{ attempted: number; delivered: number; retrying: number; failed: number }> {
  const now = deps.now();
  const claimed = await deps.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + LEASE_MS) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'user_id', 'alert_id', 'channel', 'url', 'payload', 'attempts'])
    .execute();
  const counts = { attempted: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return counts;

  const secrets = await ensureWebhookSecrets(deps, [...new Set(claimed.map((row) => row.user_id))]);
  await Promise.all(
    claimed.map(async (delivery) => {
      const started = performance.now();
      const body = JSON.stringify(delivery.payload);
      let result: SendResult;
      let outcome: Outcome;
      try {
        const target = await resolveChannelTarget(delivery, { ...deps.webhooks, resolve: input.resolve });
        const headers = delivery.channel === 'webhook' ? signedHeaders(delivery, body, secrets.get(delivery.user_id), now) : {};
        result = await postWebhook(target, headers, body, input.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
        outcome = classify(result);
      } catch (error) {
        if (error instanceof WebhookTargetError) {
          // Checked again at delivery: the name may point somewhere else since the alert was made.
          result = { statusCode: null, error: error.message };
          outcome = error.reason === 'refused' ? 'failed' : 'retry';
        } else if (error instanceof ChannelUnavailableError) {
          result = { statusCode: null, error: error.message };
          outcome = 'failed';
        } else {
          // Our fault, not the endpoint's: recorded as an attempt like any other, so it cannot loop forever.
          deps.log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt crashed');
          result = { statusCode: null, error: 'internal error' };
          outcome = 'retry';
        }
      }
      if (outcome === 'retry' && delivery.attempts >= WEBHOOK_MAX_ATTEMPTS) outcome = 'failed';
      const delaySeconds = WEBHOOK_RETRY_DELAYS_SECONDS[delivery.attempts - 1] ?? 0;
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_attempts')
          .values({
            delivery_id: delivery.id,
            attempt: delivery.attempts,
            at: now,
            status_code: result.statusCode,
            error: result.error,
            duration_ms: Math.round(performance.now() - started),
          })
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set(
            outcome === 'delivered'
              ? { status: 'delivered', delivered_at: now }
              : outcome === 'failed'
                ? { status: 'failed' }
                : { next_attempt_at: new Date(now.getTime() + delaySeconds * 1000) },
          )
          .where('id', '=', delivery.id)
          .where('attempts', '=', delivery.attempts)
          .execute();
        if (outcome === 'failed' && delivery.alert_id !== null) await reportFailedChannel(trx, delivery, result, now);
      });
      counts[outcome === 'retry' ? 'retrying' : outcome] += 1;
      if (outcome !== 'delivered') {
        deps.log.warn(
          { deliveryId: delivery.id, attempt: delivery.attempts, statusCode: result.statusCode, error: result.error, outcome },
          'webhook attempt failed',
        );
      }
    }),
  );
  return counts;
}
