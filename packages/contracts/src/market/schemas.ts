import { z } from 'zod';
import { CANDLE_INTERVALS, CANDLE_INTERVAL_MS, type CandleInterval } from './constants.js';

/** Most candles one history request answers (a 90-day hourly chart is 2,160). */
export const MAX_HISTORY_CANDLES = 5_000;

/** The span a history request covers when it names no `from`. */
export const DEFAULT_HISTORY_SPAN_MS: Record<CandleInterval, number> = {
  '1m': 6 * 3_600_000,
  '1h': 7 * 86_400_000,
  '1d': 90 * 86_400_000,
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

/** market.history: an asset's candles over [from, to), oldest first. */
export const marketHistoryInputSchema = z
  .object({
    symbol: symbolParam,
    interval: z.enum(CANDLE_INTERVALS, { error: `interval must be one of ${CANDLE_INTERVALS.join(', ')}` }),
    from: instant('from'),
    to: instant('to'),
  })
  .transform((input) => {
    const to = input.to ?? new Date();
    return { ...input, to, from: input.from ?? new Date(to.getTime() - DEFAULT_HISTORY_SPAN_MS[input.interval]) };
  })
  .superRefine((input, ctx) => {
    if (input.from >= input.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
    else if ((input.to.getTime() - input.from.getTime()) / CANDLE_INTERVAL_MS[input.interval] > MAX_HISTORY_CANDLES) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `from and to span more than ${MAX_HISTORY_CANDLES} candles of ${input.interval}: narrow them or choose a longer interval`,
      });
    }
  });

export type MarketHistoryInput = z.output<typeof marketHistoryInputSchema>;
