import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../social/constants.js';
import { text } from '../text.js';

// Shared parts of the /v1 request and answer schemas (issue 11). Query strings carry text only:
// every parameter is parsed from a string, and every message names the parameter.

/**
 * An asset as /v1 accepts it: a ticker in any case (BTC, btc), the asset's name (Bitcoin) or its
 * CoinGecko-style id (bitcoin, usd-coin). The api resolves it against the tracked assets; an
 * unknown one is a 400, one matching several a 409 with the candidates.
 */
export function assetParam(param: string) {
  return text(param, { error: `${param} is required` })
    .trim()
    .min(1, `${param} is required`)
    .max(64, `${param} must be at most 64 characters`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/, `${param} must be a ticker, name or id such as BTC, Bitcoin or bitcoin`);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const UNIX_SECONDS = /^\d{1,11}$/;

/** Date.parse rolls 2026-02-30 over into March; a real calendar date survives the round trip. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An instant: unix seconds (1795000000), an ISO 8601 date-time with offset, or a date (its UTC midnight). */
export function instantParam(param: string) {
  const message = `${param} must be unix seconds or an ISO 8601 date-time such as 2026-11-24T10:00:00Z`;
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      const raw = value?.trim();
      if (!raw) return undefined;
      if (UNIX_SECONDS.test(raw)) return new Date(Number(raw) * 1000);
      const ms = Date.parse(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
      if (!(DATE_ONLY.test(raw) || DATE_TIME.test(raw)) || !isCalendarDate(raw) || !Number.isFinite(ms)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return new Date(ms);
    });
}

/** `platform`: one platform, or `all` / absent for every platform. */
export const v1PlatformParam = z
  .union([z.enum(SOCIAL_PLATFORMS), z.literal('all'), z.literal('')], {
    error: `platform must be one of all, ${SOCIAL_PLATFORMS.join(', ')}`,
  })
  .optional()
  .transform((v) => (v === 'all' || v === '' ? undefined : v));

/** Every /v1 answer says when its data is as of (ISO 8601, UTC). */
export const asOfSchema = z.string().describe('ISO 8601 time (UTC) the data in this answer is as of');

/** The /v1 error shape, with the extra fields some errors carry. */
export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      requestId: z.string(),
      candidates: z
        .array(z.object({ symbol: z.string(), name: z.string() }))
        .optional()
        .describe('409 conflict: the assets an ambiguous name matches'),
      symbols: z.array(z.string()).optional().describe('400 on /v1/crypto/prices: the tickers that are not tracked'),
      quota: z.number().int().nullable().optional().describe("429 quota_exceeded: the plan's calls a month"),
    }),
  })
  .meta({ id: 'Error' });
export type V1ErrorResponse = z.infer<typeof v1ErrorSchema>;
