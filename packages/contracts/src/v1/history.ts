import { z } from 'zod';
import { CANDLE_INTERVALS } from '../market/constants.js';
import { checkHistoryRange, DEFAULT_HISTORY_SPAN_MS, withHistoryRange } from '../market/schemas.js';
import { rejectUnknownParameters } from '../social/params.js';
import { asOfSchema, assetParam, instantParam, timestampSchema, v1EnumParam } from './common.js';

/** Interval of GET /v1/crypto/history when none is named. */
export const V1_DEFAULT_INTERVAL = '1h';

/**
 * GET /v1/crypto/history: candles of [from, to), oldest first. `to` defaults to now, `from` to
 * DEFAULT_HISTORY_SPAN_MS before `to` (1 day of 1m, 30 days of 1h, 365 days of 1d); at most MAX_HISTORY_CANDLES candles.
 */
export const v1HistoryQuerySchema = z
  .strictObject(
    {
      symbol: assetParam('symbol'),
      interval: v1EnumParam('interval', CANDLE_INTERVALS, V1_DEFAULT_INTERVAL, 'Candle width: 1m, 1h (the default) or 1d'),
      from: instantParam('from', "Start of the range, inclusive; by default the interval's default span before `to`"),
      to: instantParam('to', 'End of the range, exclusive; now by default'),
    },
    rejectUnknownParameters,
  )
  .transform(withHistoryRange)
  .superRefine(checkHistoryRange);
export type V1HistoryQuery = z.output<typeof v1HistoryQuerySchema>;

const spanText = (ms: number) => (ms % 86_400_000 === 0 && ms > 86_400_000 ? `${ms / 86_400_000} days` : `${ms / 3_600_000} hours`);

/** The default spans in words, for the docs: "24 hours (1m), 30 days (1h) or 365 days (1d)". */
export const V1_HISTORY_DEFAULT_SPANS_TEXT = `${spanText(DEFAULT_HISTORY_SPAN_MS['1m'])} (1m), ${spanText(DEFAULT_HISTORY_SPAN_MS['1h'])} (1h) or ${spanText(DEFAULT_HISTORY_SPAN_MS['1d'])} (1d)`;

export const v1CandleSchema = z
  .object({
    time: timestampSchema('When the candle opens'),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number().describe('USD traded during the candle'),
  })
  .meta({ id: 'Candle' });

export const v1HistoryResponseSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    interval: z.enum(CANDLE_INTERVALS),
    from: timestampSchema('Start of the range, inclusive'),
    to: timestampSchema('End of the range, exclusive'),
    candles: z.array(v1CandleSchema),
    asOf: asOfSchema,
  })
  .meta({ id: 'HistoryResponse' });
export type V1HistoryResponse = z.infer<typeof v1HistoryResponseSchema>;
