import { seriesBuckets, V1_SERIES_INTERVAL_MS, type SocialPlatform, type V1SeriesInterval } from '@coinsight/contracts';
import { sql } from 'kysely';
import { readKey } from '../read-cache.js';
import type { SocialDeps } from './deps.js';
import { bucketStart, isoDay, meanOrNull } from './windows.js';

/** One bucket of a coin's social series. */
export interface SeriesBucket {
  time: string;
  mentions: number;
  sentiment: number | null;
  engagement: number;
}

export interface SeriesInput {
  /** The coin's ticker. */
  symbol: string;
  interval: V1SeriesInterval;
  /** Rounded down to its bucket. */
  from: Date;
  /** Rounded up to its bucket's end: buckets are whole, as the rollups keep them. */
  to: Date;
  platform?: SocialPlatform | undefined;
}

/** [from, to) widened to whole buckets of the interval (UTC hours or days). */
export function wholeBuckets(interval: V1SeriesInterval, from: Date, to: Date): { from: Date; to: Date } {
  const step = V1_SERIES_INTERVAL_MS[interval];
  return { from: new Date(Math.floor(from.getTime() / step) * step), to: new Date(Math.ceil(to.getTime() / step) * step) };
}

/**
 * A coin's mentions, mean sentiment (0 to 1) and engagement per hour or UTC day over [from, to),
 * every bucket present (empty ones as 0, sentiment null): hours from the hourly topic rollup,
 * days from the daily one, never the posts. Bounded by the caller (V1_SERIES_MAX_BUCKETS).
 */
export async function socialSeries(deps: SocialDeps, input: SeriesInput): Promise<SeriesBucket[]> {
  const { reads, ...uncached } = deps;
  const { from, to } = wholeBuckets(input.interval, input.from, input.to);
  const key = [input.symbol, input.interval, from.toISOString(), to.toISOString(), input.platform ?? null];
  if (reads) return reads.get(readKey('series', key), () => socialSeries(uncached, { ...input, from, to }));
  const topic = `$${input.symbol}`;
  const onPlatform = input.platform ? sql`and platform = ${input.platform}` : sql``;
  // topic like '$%': the coins' series index (topic, platform, hour) serves the hourly read.
  const rows =
    input.interval === '1h'
      ? await sql<{ bucket: Date; mentions: number; sentiment_sum: number; engagement: number }>`
          select hour as bucket, sum(mentions)::int8 as mentions, sum(sentiment_sum)::float8 as sentiment_sum,
                 sum(engagement)::int8 as engagement
          from topic_hourly_stats
          where topic like '$%' and topic = ${topic} and hour >= ${from} and hour < ${to} ${onPlatform}
          group by hour
        `.execute(deps.readDb)
      : await sql<{ bucket: string; mentions: number; sentiment_sum: number; engagement: number }>`
          select day::text as bucket, sum(mentions)::int8 as mentions, sum(sentiment_sum)::float8 as sentiment_sum,
                 sum(engagement)::int8 as engagement
          from topic_daily_stats
          where topic = ${topic} and day >= ${isoDay(from)}::date and day < ${isoDay(to)}::date ${onPlatform}
          group by day
        `.execute(deps.readDb);
  const byTime = new Map(rows.rows.map((row) => [bucketStart(row.bucket), row]));
  return seriesBuckets(input.interval, from, to).map((t) => {
    const row = byTime.get(t);
    const mentions = Number(row?.mentions ?? 0);
    return {
      time: new Date(t).toISOString(),
      mentions,
      sentiment: meanOrNull(Number(row?.sentiment_sum ?? 0), mentions),
      engagement: Number(row?.engagement ?? 0),
    };
  });
}
