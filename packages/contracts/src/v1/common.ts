import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../social/constants.js';
import { rejectUnknownParameters } from '../social/params.js';
import { text } from '../text.js';

// Shared parts of the /v1 request and answer schemas. Query strings carry text only:
// every parameter is parsed from a string, and every message names the parameter.

/** One asset as /v1 writes it: letters and digits first, then letters, digits, spaces, dots or dashes. */
export const V1_ASSET_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 .-]{0,63}$';
/** A comma-separated list of assets (spaces after a comma allowed): BTC,ETH or btc, ethereum. */
export const V1_ASSET_LIST_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 .-]{0,63}(, *[A-Za-z0-9][A-Za-z0-9 .-]{0,63})*$';

const ASSET_DESCRIPTION =
  "A ticker in any case (BTC, btc), the asset's name (Bitcoin) or its CoinGecko-style id (bitcoin, usd-coin); answers name it by its ticker";

/**
 * An asset as /v1 accepts it, the same way on every operation: a ticker in any case
 * (BTC, btc), the asset's name (Bitcoin) or its CoinGecko-style id (bitcoin, usd-coin). The api
 * resolves it against the tracked assets; an unknown one is a 400, one matching several a 409 with
 * the candidates. The pattern checked is the one documented: no trimming, so a validating client
 * and the server accept exactly the same text.
 */
export function assetParam(param: string) {
  const message = `${param} must be a ticker, name or id such as BTC, Bitcoin or bitcoin`;
  return text(param, { error: `${param} is required` })
    .min(1, `${param} is required`)
    .max(64, `${param} must be at most 64 characters`)
    .regex(new RegExp(V1_ASSET_PATTERN), message)
    .meta({ description: ASSET_DESCRIPTION, example: 'BTC' });
}

/** A list of assets, comma-separated (symbols=BTC,ethereum): each read as assetParam, in order, each once. */
export function assetListParam(param: string, max: number) {
  const required = `${param} is required, e.g. ${param}=BTC,ETH`;
  return text(param, { error: required })
    .regex(new RegExp(V1_ASSET_LIST_PATTERN), {
      error: (issue) =>
        typeof issue.input === 'string' && issue.input.split(',').every((item) => item.trim() === '')
          ? required
          : `${param} must be tickers, names or ids separated by commas, such as BTC,ETH`,
    })
    .transform((value, ctx) => {
      const items = [...new Set(value.split(',').map((item) => item.trim()))];
      if (items.length > max) ctx.addIssue({ code: 'custom', message: `${param} must name at most ${max} assets` });
      return items;
    })
    .meta({
      description: `Up to ${max} assets, comma-separated. Each is ${ASSET_DESCRIPTION.charAt(0).toLowerCase()}${ASSET_DESCRIPTION.slice(1)}`,
      example: 'BTC,ETH',
    });
}

/** An optional choice among `values`, `fallback` when absent (no empty value: leave the parameter out instead). */
export function v1EnumParam<const T extends readonly [string, ...string[]]>(
  param: string,
  values: T,
  fallback: T[number],
  description: string,
) {
  const message = `${param} must be ${values.length === 2 ? values.join(' or ') : `one of ${values.join(', ')}`}`;
  return z
    .enum(values, { error: message })
    .optional()
    .transform((value): T[number] => value ?? fallback)
    .meta({ description });
}

/** A whole number in [min, max], sent as digits; documented as an integer, so generated clients type it so. */
export function v1IntegerParam<F extends number | undefined = undefined>(
  param: string,
  min: number,
  max: number,
  description: string,
  message = `${param} must be a whole number from ${min} to ${max}`,
  fallback?: F,
) {
  return text(param, { error: message })
    .regex(/^\d{1,16}$/, message)
    .transform((value, ctx) => {
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    })
    .optional()
    .transform((n): number | F => n ?? (fallback as F))
    .meta({ description, override: { type: 'integer', minimum: min, maximum: max } });
}

/** No query parameters: an operation without any still refuses unknown ones (one rule for every operation). */
export const v1NoQuerySchema = z.strictObject({}, rejectUnknownParameters);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const UNIX_SECONDS = /^\d{1,11}$/;

/** Date.parse rolls 2026-02-30 over into March; a real calendar date survives the round trip. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** What `from` and `to` accept, as documented: unix seconds, a date, or a date-time with its offset. */
export const V1_INSTANT_PATTERN =
  '^(\\d{1,11}|\\d{4}-\\d{2}-\\d{2}|\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2}))$';

/** An instant: unix seconds (1795000000), an ISO 8601 date-time with offset, or a date (its UTC midnight). */
export function instantParam(param: string, description: string) {
  const message = `${param} must be unix seconds or an ISO 8601 date-time such as 2026-11-24T10:00:00Z`;
  return z
    .string({ error: message })
    .regex(new RegExp(V1_INSTANT_PATTERN), message)
    .transform((raw, ctx) => {
      if (UNIX_SECONDS.test(raw)) return new Date(Number(raw) * 1000);
      const ms = Date.parse(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
      if (!isCalendarDate(raw) || !Number.isFinite(ms)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return new Date(ms);
    })
    .optional()
    .meta({
      description: `${description}: unix seconds (1795000000), a date (2026-11-24, its 00:00 UTC) or an ISO 8601 date-time with its offset (2026-11-24T10:00:00Z)`,
      example: '2026-11-24T00:00:00Z',
    });
}

/** `platform`: one platform, or `all` / absent for every platform. */
export const v1PlatformParam = z
  .enum(['all', ...SOCIAL_PLATFORMS], { error: `platform must be one of all, ${SOCIAL_PLATFORMS.join(', ')}` })
  .optional()
  .transform((v) => (v === 'all' ? undefined : v))
  .meta({ description: 'One platform, or all (the default) for every platform', example: 'twitter' });

/** Every /v1 answer says when its data is as of (ISO 8601, UTC). */
export const asOfSchema = z.string().meta({ format: 'date-time', description: 'ISO 8601 time (UTC) the data in this answer is as of' });

/** A timestamp in an answer: ISO 8601, UTC (documented `format: date-time`, which generators map to a date type). */
export const timestampSchema = (description: string) => z.string().meta({ format: 'date-time', description });

/** The codes /v1 answers errors with; clients branch on these, never on messages. */
export const V1_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  /** 422: an Idempotency-Key sent again with a different request body. */
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'quota_exceeded',
  /** 402: a Pro account's monthly budget is reached and its hard cap is on. */
  'budget_exceeded',
  'internal',
  'unavailable',
] as const;
export type V1ErrorCode = (typeof V1_ERROR_CODES)[number];

/**
 * The /v1 error shape, with the extra fields some errors carry. Stripe's shape (`{error: {code,
 * message, param, doc_url}}`, https://docs.stripe.com/api/errors) in camelCase, as /v1 has always
 * answered.
 */
export const v1ErrorSchema = z
  .object({
    error: z
      .object({
        code: z.enum(V1_ERROR_CODES).meta({ id: 'ErrorCode', description: 'What went wrong, for programs to branch on' }),
        message: z.string().describe('What went wrong, for people: names the parameter and says what it accepts'),
        requestId: z.string().describe("This request's id, also the `X-Request-Id` header; quote it to support"),
        param: z
          .string()
          .optional()
          .describe('400 bad_request: the query parameter, path parameter or body field at fault (e.g. `symbol`, `email`)'),
        docUrl: z
          .string()
          .meta({ format: 'uri' })
          .optional()
          .describe('400 bad_request: where the operation and its parameters are documented'),
        candidates: z
          .array(z.object({ symbol: z.string(), name: z.string() }).meta({ id: 'Candidate' }))
          .optional()
          .describe('409 conflict: the assets an ambiguous name matches'),
        symbols: z.array(z.string()).optional().describe('400 on /v1/crypto/prices: the assets named that are not tracked'),
        quota: z.number().int().nullable().optional().describe("429 quota_exceeded: the plan's calls a month"),
      })
      .meta({ id: 'ErrorDetail' }),
  })
  .meta({
    id: 'Error',
    example: {
      error: {
        code: 'bad_request',
        message: 'unknown parameter: symbl',
        requestId: 'req_5f0c2a9e7b3d4c1a8e6f2b9d0a7c3e51',
        param: 'symbl',
        docUrl: 'https://api.coinsight.dev/api#op-getCryptoPrices',
      },
    },
  });
export type V1ErrorResponse = z.infer<typeof v1ErrorSchema>;

/** An opaque page position; clients pass back what `nextCursor` gave them. */
export const V1_CURSOR_MAX_LENGTH = 200;

/** What a page cursor that no page gave is answered with, wherever /v1 pages with one. */
export const V1_CURSOR_MESSAGE = 'cursor must be the nextCursor of a previous page';

/** The `cursor` parameter of a paged operation, at most `maxLength` characters (its content is the server's to check). */
export const v1CursorParam = (maxLength: number) =>
  z
    .string({ error: V1_CURSOR_MESSAGE })
    .max(maxLength, V1_CURSOR_MESSAGE)
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page; absent for the first page' });
