import { z } from 'zod';
import { ALERT_CONDITIONS, ALERT_KINDS, createAlertSchema } from '../alerts.js';
import { asOfSchema, assetParam } from './common.js';

/**
 * POST /v1/alerts/create: spec §3's payload {symbol, price, condition, email?}, or a mention
 * alert {kind: 'mentions', symbol, mentions}, plus an optional `webhookUrl`.
 * It is the app's own createAlertSchema, so whatever that accepts /v1 accepts; only `symbol` is
 * read first with the /v1 asset rules (ticker, name or id), then replaced by the ticker.
 */
export const v1CreateAlertBodySchema = createAlertSchema;
export const v1AlertSymbolSchema = z.looseObject({ symbol: assetParam('symbol') }, { error: 'The body must be a JSON object' });

/** `Idempotency-Key`: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
export const IDEMPOTENCY_MESSAGES = {
  reused: 'Idempotency-Key was already used with a different request body',
} as const;

export const v1AlertIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'id must be a whole number')
    .transform(Number),
});

export const v1AlertSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ALERT_KINDS),
    symbol: z.string(),
    condition: z.enum(ALERT_CONDITIONS),
    threshold: z.number().describe('USD for a price alert; posts in the last hour for a mention alert'),
    email: z.boolean(),
    active: z.boolean(),
    createdAt: z.string(),
    firedAt: z.string().nullable(),
    firedValue: z.number().nullable(),
    webhookUrl: z.string().nullable().describe('Where the alert is POSTed, signed, when it fires'),
  })
  .meta({ id: 'Alert' });

export const v1AlertResponseSchema = z.object({ alert: v1AlertSchema, asOf: asOfSchema });
export const v1AlertListResponseSchema = z.object({ data: z.array(v1AlertSchema), asOf: asOfSchema });
export const v1AlertDeletedResponseSchema = z.object({ id: z.number().int(), deleted: z.literal(true), asOf: asOfSchema });
