import type { AlertChannel } from '@coinsight/contracts';
import type { ColumnType, Generated } from 'kysely';

/** A user's signing secret, readable by its owner (see the migration for why it is not hashed). */
export interface WebhookSecretsTable {
  user_id: string;
  secret: string;
  created_at: Generated<Date>;
  rotated_at: Date | null;
  /** The secret before the last rotation; it signs too until `rotated_at` + 24 h. */
  previous_secret: string | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one URL (the outbox row), retried until delivered or given up. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  alert_id: number | null;
  user_id: string;
  /** How the body is shaped and whether it is signed (only `webhook` is). */
  channel: Generated<AlertChannel>;
  /** Where it is POSTed; for Telegram `telegram:<chat id>` (the bot's URL holds the operator's token, never stored). */
  url: string;
  /** The JSON body, sent as stored (written as a JSON string, read back as the value). */
  payload: ColumnType<unknown, string, string>;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}

/** Every attempt at a delivery: the answer's status code, or what went wrong on the way. */
export interface WebhookAttemptsTable {
  delivery_id: number;
  attempt: number;
  at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
