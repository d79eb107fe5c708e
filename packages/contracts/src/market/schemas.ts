import { z } from 'zod';
import { CANDLE_INTERVALS, CANDLE_INTERVAL_MS, type CandleInterval } from './constants.js';

/**
 * Most candles one history request answers: one chart's worth (a 90-day hourly chart is 2,160,
 * over the bound; ask for daily candles). History is public, so the bound is what keeps one
 * anonymous call cheap; bulk history is for the metered /v1 API.
 */
export const MAX_HISTORY_CANDLES = 2_000;

/**
 * The span a history request covers when it names no `from`, which is what the asset page's
 * chart shows per interval: 1m over the last day, 1h over 30 days, 1d over a year.
 */
export const DEFAULT_HISTORY_SPAN_MS: Record<CandleInterval, number> = {
  '1m': 24 * 3_600_000,
  '1h': 30 * 86_400_000,
  '1d': 365 * 86_400_000,
};

const instant = (param: string) =>
  z
    .string({ error: `${param} must be a date and time such as 2026-11-24T10:00:00Z` })
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${param} must be a date and time such as 2026-11-24T10:00:00Z`)
    .transform((value) => new Date(value))
    .optional();

/** A ticker: letters and digits, read in upper case ('btc' is BTC). */
export const symbolParam = z
  .string({ error: 'symbol is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,15}$/, 'symbol must be a ticker such as BTC');

/** A history request's range: `to` defaults to now, `from` to the interval's default span before `to`. */
export function withHistoryRange<T extends { interval: CandleInterval; from?: Date; to?: Date }>(input: T): T & { from: Date; to: Date } {
  const to = input.to ?? new Date();
  return { ...input, to, from: input.from ?? new Date(to.getTime() - DEFAULT_HISTORY_SPAN_MS[input.interval]) };
}

/** `from` before `to`, and at most MAX_HISTORY_CANDLES candles between them (market.history and /v1 alike). */
export function checkHistoryRange(input: { interval: CandleInterval; from: Date; to: Date }, ctx: z.RefinementCtx): void {
  if (input.from >= input.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
  else if ((input.to.getTime() - input.from.getTime()) / CANDLE_INTERVAL_MS[input.interval] > MAX_HISTORY_CANDLES) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `from and to span more than ${MAX_HISTORY_CANDLES} candles of ${input.interval}: narrow them or choose a longer interval`,
    });
  }
}

/** market.history: an asset's candles over [from, to), oldest first. */
export const marketHistoryInputSchema = z
  .object({
    symbol: symbolParam,
    interval: z.enum(CANDLE_INTERVALS, { error: `interval must be one of ${CANDLE_INTERVALS.join(', ')}` }),
    from: instant('from'),
    to: instant('to'),
  })
  .transform(withHistoryRange)
  .superRefine(checkHistoryRange);

export type MarketHistoryInput = z.output<typeof marketHistoryInputSchema>;

/** market.asset: one asset's figures and its mentions and sentiment over the chart's span for `interval`. */
export const marketAssetInputSchema = z.object({
  symbol: symbolParam,
  interval: z.enum(CANDLE_INTERVALS, { error: `interval must be one of ${CANDLE_INTERVALS.join(', ')}` }),
});
export type MarketAssetInput = z.output<typeof marketAssetInputSchema>;

/**
 * market.live: the overview after every tick. `lastEventId` is the `asOf` of the overview the
 * client holds (EventSource sends it back on a reconnect); the first yield is skipped when it is current.
 */
export const marketLiveInputSchema = z.object({ lastEventId: z.string().max(64).nullish() }).optional();
