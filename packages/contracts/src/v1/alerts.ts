import { z } from 'zod';
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  ALERT_KINDS,
  CHANGE_WINDOWS,
  discordWebhookUrlField,
  factorField,
  percentField,
  repeatField,
  scoreField,
  slackWebhookUrlField,
  SPIKE_MIN_FACTOR,
  telegramChatIdField,
  windowField,
} from '../alerts.js';
import { webhookUrlSchema } from '../http-url.js';
import { asOfSchema, assetParam, timestampSchema } from './common.js';

/** Error option for a strict body: names the fields it sent that the operation does not know (a misspelt `emial` is not dropped). */
export const rejectUnknownFields = {
  error: (issue: { code?: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
      : undefined,
};

export const V1_ALERT_EMAIL_MESSAGE = "email must be true, false or the account's verified email address";
/** 400 when `email` is an address other than the account's own: alerts mail nobody else. */
export const V1_ALERT_OTHER_EMAIL_MESSAGE =
  "email must be true, false or this account's own verified address: an alert mails only the address of the account that owns the API key, never another one";

const alertEmail = z.union([z.boolean(), z.email()], { error: V1_ALERT_EMAIL_MESSAGE }).optional().meta({
  description:
    "Also mail the account when it fires (default true). The account's own verified address counts as true; any other address is refused",
  example: true,
});

const alertWebhookUrl = webhookUrlSchema.optional().meta({
  format: 'uri',
  description: 'An http(s) URL the alert is also POSTed to, signed, when it fires (docs/webhooks.md)',
  example: 'https://example.com/hooks/coinsight',
});

const alertSymbol = assetParam('symbol');

/** What every kind takes besides its own figures: mail, the channels, and repeating. */
const alertCommon = {
  email: alertEmail,
  webhookUrl: alertWebhookUrl,
  slackWebhookUrl: slackWebhookUrlField.optional().meta({
    format: 'uri',
    description: 'A Slack incoming-webhook URL; the alert is posted there as `{"text": …}` when it fires',
    example: 'https://hooks.slack.com/services/T000/B000/XXXX',
  }),
  discordWebhookUrl: discordWebhookUrlField.optional().meta({
    format: 'uri',
    description: 'A Discord webhook URL; the alert is posted there as `{"content": …}` when it fires',
    example: 'https://discord.com/api/webhooks/1/abc',
  }),
  telegramChatId: telegramChatIdField.optional().meta({
    description: "A Telegram chat id (or @channel) the operator's bot sends the alert to; the bot must be in the chat",
    example: '-1001234567890',
  }),
  repeat: repeatField.optional().meta({
    id: 'AlertRepeat',
    description:
      'Fire again: the alert stays active and fires again once `cooldownMinutes` have passed since it fired and its condition stopped holding in between. Absent: it fires once',
  }),
};

const kindLiteral = <K extends string>(kind: K) => z.literal(kind, { error: `kind must be one of ${ALERT_KINDS.join(', ')}` });

/** docs/product.md §3's payload {symbol, price, condition, email?}: `kind` may be left out. */
export const v1CreatePriceAlertSchema = z
  .strictObject(
    {
      kind: z
        .literal('price', { error: `kind must be one of ${ALERT_KINDS.join(', ')}` })
        .optional()
        .meta({ description: 'price, the default when absent' }),
      symbol: alertSymbol,
      price: z
        .number({ error: 'price must be a number greater than 0' })
        .positive('price must be a number greater than 0')
        .max(1e15, 'price must be at most 1000000000000000')
        .meta({ description: 'The price in USD that fires the alert', example: 100000 }),
      condition: z
        .enum(ALERT_CONDITIONS, { error: `condition must be one of ${ALERT_CONDITIONS.join(', ')}` })
        .meta({ description: 'Fire when the price goes above or below `price`' }),
      ...alertCommon,
    },
    rejectUnknownFields,
  )
  .meta({
    id: 'CreatePriceAlert',
    description: 'A price alert: fires once when the price crosses `price` in the direction of `condition`',
  });

/** {kind: 'mentions', symbol, mentions}: fires above a whole number of posts in an hour. */
export const v1CreateMentionAlertSchema = z
  .strictObject(
    {
      kind: z.literal('mentions', { error: `kind must be one of ${ALERT_KINDS.join(', ')}` }),
      symbol: alertSymbol,
      mentions: z
        .number({ error: 'mentions must be a whole number of 0 or more' })
        .int('mentions must be a whole number of 0 or more')
        .min(0, 'mentions must be a whole number of 0 or more')
        .max(1_000_000, 'mentions must be at most 1000000')
        .meta({ description: 'Fire when more posts than this name the asset within an hour', example: 500 }),
      ...alertCommon,
    },
    rejectUnknownFields,
  )
  .meta({
    id: 'CreateMentionAlert',
    description: 'A mention alert: fires when the posts naming the asset in the last hour exceed `mentions`',
  });

/** {kind: 'change', symbol, percent, window}: fires on a move of at least `percent` either way over the window. */
export const v1CreateChangeAlertSchema = z
  .strictObject(
    {
      kind: kindLiteral('change'),
      symbol: alertSymbol,
      percent: percentField.meta({ description: 'Fire when the price has moved by at least this percent, up or down', example: 5 }),
      window: windowField.meta({ description: `Over the last hour or day: ${CHANGE_WINDOWS.join(', ')}` }),
      ...alertCommon,
    },
    rejectUnknownFields,
  )
  .meta({ id: 'CreateChangeAlert', description: 'A change alert: fires when the price has moved by at least `percent` over `window`' });

/** {kind: 'sentiment', symbol, condition, score}: on the 24-hour mean sentiment (0 to 1). */
export const v1CreateSentimentAlertSchema = z
  .strictObject(
    {
      kind: kindLiteral('sentiment'),
      symbol: alertSymbol,
      condition: z
        .enum(ALERT_CONDITIONS, { error: `condition must be one of ${ALERT_CONDITIONS.join(', ')}` })
        .meta({ description: 'Fire when the mean goes above or below `score`' }),
      score: scoreField.meta({ description: 'A mean sentiment from 0 (negative) to 1 (positive)', example: 0.7 }),
      ...alertCommon,
    },
    rejectUnknownFields,
  )
  .meta({
    id: 'CreateSentimentAlert',
    description: "A sentiment alert: on the mean sentiment of the last 24 hours' posts naming the asset",
  });

/** {kind: 'spike', symbol, factor}: the last hour's mentions above `factor` times the same hour's mean over 7 days. */
export const v1CreateSpikeAlertSchema = z
  .strictObject(
    {
      kind: kindLiteral('spike'),
      symbol: alertSymbol,
      factor: factorField.meta({
        description: `Fire when an hour's mentions exceed this many times the mean of the same hour over the previous 7 days (at least ${SPIKE_MIN_FACTOR})`,
        example: 3,
      }),
      ...alertCommon,
    },
    rejectUnknownFields,
  )
  .meta({ id: 'CreateSpikeAlert', description: 'A spike alert: fires when the asset is mentioned more than usual' });

/**
 * POST /v1/alerts/create: docs/product.md §3's payload {symbol, price, condition, email?} (a price alert), or
 * a mention alert {kind: 'mentions', symbol, mentions}, plus an optional `webhookUrl`. Fields
 * are exactly these (an unknown one is a 400 naming it); `symbol` is read as everywhere in /v1
 * (ticker, name or id) and the api stores the resolved ticker.
 */
export const v1CreateAlertBodySchema = z
  .union(
    [
      v1CreatePriceAlertSchema,
      v1CreateMentionAlertSchema,
      v1CreateChangeAlertSchema,
      v1CreateSentimentAlertSchema,
      v1CreateSpikeAlertSchema,
    ],
    { error: 'The body must be a JSON object' },
  )
  .meta({
    id: 'CreateAlertBody',
    description: 'One alert, told apart by `kind` (price, mentions, change, sentiment, spike); `kind` absent means price',
    // Exactly one of the two, told apart by `kind` (a const in each; absent only in a price alert,
    // docs/product.md §3's payload). No `discriminator` keyword: OpenAPI 3.1's requires the property in every
    // branch, and `kind` may be left out of a price alert.
    override: ({ jsonSchema }) => {
      jsonSchema.oneOf = jsonSchema.anyOf;
      delete jsonSchema.anyOf;
    },
  });
export type V1CreateAlertBody = z.output<typeof v1CreateAlertBodySchema>;

/**
 * Reads a create-alert body with the branch its `kind` names, so a message speaks of that
 * branch's fields (a union would only say that neither matched).
 */
export function parseV1CreateAlertBody(input: unknown): V1CreateAlertBody {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new z.ZodRealError([{ code: 'custom', path: [], message: 'The body must be a JSON object', input }]);
  }
  const kind = (input as { kind?: unknown }).kind;
  if (kind === 'mentions') return v1CreateMentionAlertSchema.parse(input);
  if (kind === 'change') return v1CreateChangeAlertSchema.parse(input);
  if (kind === 'sentiment') return v1CreateSentimentAlertSchema.parse(input);
  if (kind === 'spike') return v1CreateSpikeAlertSchema.parse(input);
  return v1CreatePriceAlertSchema.parse(input);
}

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
    .transform(Number)
    .meta({ description: "The alert's id, as `id` in its answers", example: '1' }),
});

export const v1AlertSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ALERT_KINDS),
    symbol: z.string(),
    condition: z.enum(ALERT_CONDITIONS).describe('`above` for change and spike alerts'),
    threshold: z
      .number()
      .describe('USD (price), posts in the last hour (mentions), percent (change), 0-1 score (sentiment) or factor (spike)'),
    window: z.enum(CHANGE_WINDOWS).nullable().describe("A change alert's window; null for the other kinds"),
    repeat: z
      .object({ cooldownMinutes: z.number().int() })
      .nullable()
      .describe('Null: fires once. Otherwise it fires again after the cooldown, once its condition stopped holding'),
    email: z.boolean(),
    active: z.boolean(),
    createdAt: timestampSchema('When the alert was created'),
    firedAt: timestampSchema('When it last fired; null while armed').nullable(),
    firedValue: z
      .number()
      .nullable()
      .describe('The price, post count, percent move, mean sentiment or mention count it last fired at; null while armed'),
    webhookUrl: z.string().nullable().describe('Where the alert is POSTed, signed, when it fires'),
    slackWebhookUrl: z.string().nullable().describe('The Slack webhook, masked (its path is a credential)'),
    discordWebhookUrl: z.string().nullable().describe('The Discord webhook, masked (its path is a credential)'),
    telegramChatId: z.string().nullable().describe('The Telegram chat the operator bot sends to'),
    failingChannels: z.array(z.enum(ALERT_CHANNELS)).describe('Channels whose latest delivery for this alert failed for good'),
    nextEligibleAt: timestampSchema('A repeating alert that fired: when its cooldown ends; null otherwise').nullable(),
    conditionCleared: z
      .boolean()
      .describe('A repeating alert that fired: whether its condition has stopped holding since (needed before it fires again)'),
  })
  .meta({ id: 'Alert' });

export const v1AlertResponseSchema = z.object({ alert: v1AlertSchema, asOf: asOfSchema }).meta({ id: 'AlertResponse' });
export const v1AlertListResponseSchema = z.object({ data: z.array(v1AlertSchema), asOf: asOfSchema }).meta({ id: 'AlertList' });
export const v1AlertDeletedResponseSchema = z
  .object({ id: z.number().int(), deleted: z.literal(true), asOf: asOfSchema })
  .meta({ id: 'AlertDeleted' });
