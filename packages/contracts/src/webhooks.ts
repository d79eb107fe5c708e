import { z } from 'zod';
import type { AlertChannel } from './alert-fields.js';
import type { AlertCondition, AlertKind } from './alerts.js';

/**
 * The headers every delivery carries (docs/webhooks.md). `id`, `timestamp` and `signature` are
 * Standard Webhooks' (standardwebhooks.com): any of its libraries verifies a delivery with the
 * account's `whsec_` secret. `legacySignature` is the Stripe-like scheme deliveries were signed with
 * first, still sent until WEBHOOK_LEGACY_SIGNATURE_SUNSET.
 */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
  legacySignature: 'Coinsight-Signature',
  event: 'Coinsight-Event',
  delivery: 'Coinsight-Delivery',
} as const;

/** The last day (UTC) deliveries carry the deprecated `Coinsight-Signature` header; gone from the day after. */
export const WEBHOOK_LEGACY_SIGNATURE_SUNSET = '2027-05-31';

/**
 * After a rotation, deliveries are signed with the new secret and the one before it for this long
 * (two entries in `webhook-signature`), so a receiver can switch to the new secret without losing one.
 */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;

export const WEBHOOK_EVENT_ALERT_FIRED = 'alert.fired';

/**
 * Seconds to wait after a failed attempt before the next one: attempt 1 fails → 30 s, … attempt 5
 * fails → 6 h; the sixth failure gives up. Its length + 1 is the number of attempts.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [30, 120, 600, 3_600, 21_600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** The JSON body of an `alert.fired` delivery. `id` is the same on every retry: receivers ignore one they have seen. */
export interface AlertFiredEvent {
  id: string;
  type: typeof WEBHOOK_EVENT_ALERT_FIRED;
  createdAt: string;
  data: {
    alert: { id: number; kind: AlertKind; symbol: string; condition: AlertCondition; threshold: number };
    firedAt: string;
    /** The price (USD) or mention count that crossed the threshold. */
    value: number;
  };
}

export interface WebhookSecret {
  /**
   * `whsec_` + base64 of 32 random bytes, as Standard Webhooks' libraries take it (the HMAC-SHA256
   * key is the decoded bytes); the deprecated Coinsight-Signature is keyed by this whole string.
   * Shown to its owner only.
   */
  secret: string;
  createdAt: string;
  rotatedAt: string | null;
  /** Until when deliveries are also signed with the secret before the last rotation; null when they are not. */
  previousSecretExpiresAt: string | null;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookAttempt {
  attempt: number;
  at: string;
  /** The endpoint's HTTP status; null when no answer came (the error says why). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: number;
  /** Null once the alert is deleted; the delivery's record stays. */
  alertId: number | null;
  /** Webhook (signed), Slack, Discord or Telegram. */
  channel: AlertChannel;
  /** Slack and Discord URLs masked; `telegram:<chat id>` for Telegram. */
  url: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: WebhookAttempt[];
  /** When a pending delivery is tried next; null once delivered or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export const webhookDeliveriesQuerySchema = z
  .object({
    limit: z
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be between 1 and 100')
      .max(100, 'limit must be between 1 and 100')
      .default(20),
  })
  .prefault({});

const HEX = /^[0-9a-f]{64}$/;

/**
 * @deprecated Verify `webhook-signature` with a Standard Webhooks library (npm `standardwebhooks`)
 * instead; `Coinsight-Signature` is sent until WEBHOOK_LEGACY_SIGNATURE_SUNSET.
 *
 * Checks a `Coinsight-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`
 * header: true when one v1 signature matches the raw body (the bytes received, before any JSON
 * parsing) and t is within `toleranceSeconds` of `nowSeconds` (replays of old deliveries fail).
 * Web Crypto, so it runs in Node 18+, Deno, workers and browsers alike; the comparison is
 * crypto.subtle.verify's, constant-time.
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string,
  rawBody: string | Uint8Array,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't') timestamp = value;
    else if (key === 'v1' && value && HEX.test(value)) signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;

  const encoder = new TextEncoder();
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  for (const signature of signatures) {
    const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => parseInt(pair, 16)));
    if (await crypto.subtle.verify('HMAC', key, bytes, signed)) return true;
  }
  return false;
}
