import { WEBHOOK_EVENT_ALERT_FIRED, maskChannelUrl, type WebhookAttempt, type WebhookDelivery } from '@coinsight/contracts';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';

type Deps = Pick<ServiceDeps, 'db'>;

/** The caller's most recent deliveries, newest first, each with every attempt; nobody else's. */
export async function listWebhookDeliveries(deps: Deps, input: { limit: number }, caller: SignedIn): Promise<WebhookDelivery[]> {
  const { userId } = caller;
  const rows = await deps.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'alert_id', 'channel', 'url', 'payload', 'status', 'next_attempt_at', 'created_at', 'delivered_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(input.limit)
    .execute();
  if (rows.length === 0) return [];
  const attempts = await deps.db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempt', 'at', 'status_code', 'error', 'duration_ms'])
    .where(
      'delivery_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
  const byDelivery = new Map<number, WebhookAttempt[]>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.delivery_id) ?? [];
    list.push({
      attempt: attempt.attempt,
      at: attempt.at.toISOString(),
      statusCode: attempt.status_code,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    });
    byDelivery.set(attempt.delivery_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    alertId: row.alert_id,
    channel: row.channel,
    // A Slack or Discord URL's path is the credential that posts to the channel: shown masked.
    url: row.channel === 'slack' || row.channel === 'discord' ? maskChannelUrl(row.url) : row.url,
    // Only webhooks carry the event itself; the chat channels carry its text.
    event: row.channel === 'webhook' ? (row.payload as { type: string }).type : WEBHOOK_EVENT_ALERT_FIRED,
    status: row.status,
    attempts: byDelivery.get(row.id) ?? [],
    // While an attempt is under way next_attempt_at holds its lease: still "next", near enough.
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
  }));
}
