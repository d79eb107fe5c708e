import { z } from 'zod';
import { DEFAULT_TRENDING_LIMIT, MAX_TRENDING_LIMIT, SOCIAL_PLATFORMS } from '../social/constants.js';
import { rejectUnknownParameters } from '../social/params.js';
import { asOfSchema, assetParam, instantParam, timestampSchema, v1EnumParam, v1IntegerParam, v1PlatformParam } from './common.js';

/** Bucket widths of GET /v1/social/timeseries. */
export const V1_SERIES_INTERVALS = ['1h', '1d'] as const;
export type V1SeriesInterval = (typeof V1_SERIES_INTERVALS)[number];
export const V1_SERIES_INTERVAL_MS: Record<V1SeriesInterval, number> = { '1h': 3_600_000, '1d': 86_400_000 };
/** The most buckets one call answers: 41 days of hours, or 2.7 years of days. */
export const V1_SERIES_MAX_BUCKETS = 1000;
/** `from` when absent: this long before `to`. */
export const V1_SERIES_DEFAULT_SPAN_MS: Record<V1SeriesInterval, number> = { '1h': 7 * 86_400_000, '1d': 90 * 86_400_000 };

/** GET /v1/social/timeseries?symbol=&interval=&from=&to=&platform=. */
export const v1SeriesQuerySchema = z
  .strictObject(
    {
      symbol: assetParam('symbol'),
      interval: v1EnumParam('interval', V1_SERIES_INTERVALS, '1h', 'Bucket width: 1h (the default) or 1d (UTC days)'),
      from: instantParam(
        'from',
        'Start of the range, inclusive, rounded down to its bucket; by default 7 days (1h) or 90 days (1d) before `to`',
      ),
      to: instantParam('to', 'End of the range, exclusive; now by default'),
      platform: v1PlatformParam,
    },
    rejectUnknownParameters,
  )
  .superRefine((input, ctx) => {
    if (input.from && input.to) {
      const problem = seriesRangeProblem(input.interval, input.from, input.to);
      if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
    }
  });
export type V1SeriesQuery = z.output<typeof v1SeriesQuerySchema>;

/** The buckets' starts for [from, to): `from` rounded down to its bucket (UTC), `to` exclusive. */
export function seriesBuckets(interval: V1SeriesInterval, from: Date, to: Date): number[] {
  const step = V1_SERIES_INTERVAL_MS[interval];
  const buckets: number[] = [];
  for (let t = Math.floor(from.getTime() / step) * step; t < to.getTime(); t += step) buckets.push(t);
  return buckets;
}

/** Why [from, to) cannot be answered, or null: from before to, and at most V1_SERIES_MAX_BUCKETS buckets. */
export function seriesRangeProblem(interval: V1SeriesInterval, from: Date, to: Date): string | null {
  if (from >= to) return 'from must be before to';
  const step = V1_SERIES_INTERVAL_MS[interval];
  const count = Math.ceil((to.getTime() - Math.floor(from.getTime() / step) * step) / step);
  if (count > V1_SERIES_MAX_BUCKETS)
    return `from and to span ${count} buckets of ${interval}, more than ${V1_SERIES_MAX_BUCKETS}: narrow them or use interval=1d`;
  return null;
}

export const v1SeriesBucketSchema = z
  .object({
    time: timestampSchema('When the bucket starts (UTC)'),
    mentions: z.number().int().describe('Posts naming the asset in the bucket'),
    sentiment: z.number().nullable().describe('Mean sentiment (0 to 1, 0.5 neutral) of those posts; null when there are none'),
    engagement: z.number().int().describe("Those posts' likes, comments, shares, replies and retweets (views are not counted)"),
  })
  .meta({ id: 'SeriesBucket' });

export const v1SeriesResponseSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    interval: z.enum(V1_SERIES_INTERVALS),
    platform: z.enum(['all', ...SOCIAL_PLATFORMS]).describe('The platform counted, or all'),
    from: timestampSchema('Start of the first bucket'),
    to: timestampSchema('End of the range, exclusive'),
    buckets: z.array(v1SeriesBucketSchema).describe('Every bucket of the range, oldest first, empty ones included'),
    asOf: asOfSchema,
  })
  .meta({ id: 'SocialSeries' });
export type V1SeriesResponse = z.output<typeof v1SeriesResponseSchema>;

/** Periods of GET /v1/social/trending. */
export const V1_TRENDING_PERIODS = ['24h', '7d'] as const;

/** GET /v1/social/trending?period=&platform=&limit=. */
export const v1TrendingQuerySchema = z.strictObject(
  {
    period: v1EnumParam('period', V1_TRENDING_PERIODS, '24h', 'The window ending now: 24h (the default) or 7d'),
    platform: v1PlatformParam,
    limit: v1IntegerParam(
      'limit',
      1,
      MAX_TRENDING_LIMIT,
      `Topics to answer, 1 to ${MAX_TRENDING_LIMIT}; ${DEFAULT_TRENDING_LIMIT} by default`,
      undefined,
      DEFAULT_TRENDING_LIMIT,
    ),
  },
  rejectUnknownParameters,
);
export type V1TrendingQuery = z.output<typeof v1TrendingQuerySchema>;

export const v1TrendingResponseSchema = z
  .object({
    period: z.enum(V1_TRENDING_PERIODS),
    platform: z.enum(['all', ...SOCIAL_PLATFORMS]),
    topics: z.array(
      z
        .object({
          topic: z.string().describe("A coin as '$BTC' or a hashtag as '#defi'"),
          mentions: z.number().int().describe('Posts naming the topic over the period'),
          sentiment: z.number().describe('Mean sentiment (0 to 1, 0.5 neutral) of those posts'),
          change24h: z.number().describe('Percent change of its mentions in the last 24 hours against the 24 before'),
          relatedTokens: z.array(z.string()).describe('The coins most often named alongside, as tickers'),
        })
        .meta({ id: 'TrendingTopic' }),
    ),
    asOf: asOfSchema,
  })
  .meta({ id: 'TrendingTopics' });
export type V1TrendingResponse = z.output<typeof v1TrendingResponseSchema>;
