import { DEFAULT_HISTORY_SPAN_MS, type MarketAssetDetail, type MarketAssetInput, type MentionPoint } from '@coinsight/contracts';
import { sql } from 'kysely';
import { atTime } from '../clock.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { currentOverview } from './current.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const mean = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10_000) / 10_000 : null);

/**
 * One asset's figures (as in the overview, rank included) and the mentions of '$SYMBOL' with
 * their sentiment over the span its chart shows for `interval`: hourly buckets from the hourly
 * rollup for the one-day minute chart, UTC days from the daily rollup for the longer ones.
 * The figures are the per-tick snapshot's while it is current (market/current.ts).
 */
export async function marketAsset(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'marketSnapshot'>,
  input: MarketAssetInput,
): Promise<MarketAssetDetail> {
  const now = deps.now();
  const overview = await currentOverview(atTime(deps, now), {});
  const asset = overview.assets.find((candidate) => candidate.symbol === input.symbol);
  if (!asset) throw new AppError('NOT_FOUND', `${input.symbol} is not a tracked asset`);

  const from = new Date(now.getTime() - DEFAULT_HISTORY_SPAN_MS[input.interval]);
  const topic = `$${input.symbol}`;
  const bucket = input.interval === '1m' ? 'hour' : 'day';
  let rows: { time: string; mentions: number; sentiment_sum: number }[];
  if (bucket === 'hour') {
    const start = new Date(Math.floor(from.getTime() / HOUR) * HOUR);
    const result = await deps.db
      .selectFrom('topic_hourly_stats')
      .select((eb) => ['hour', eb.fn.sum<number>('mentions').as('mentions'), eb.fn.sum<number>('sentiment_sum').as('sentiment_sum')])
      .where('topic', '=', topic)
      .where('hour', '>=', start)
      .where('hour', '<=', now)
      .groupBy('hour')
      .orderBy('hour')
      .execute();
    rows = result.map((r) => ({ time: r.hour.toISOString(), mentions: Number(r.mentions), sentiment_sum: Number(r.sentiment_sum) }));
  } else {
    const day = (at: Date) => at.toISOString().slice(0, 10);
    const result = await sql<{ day: string; mentions: number; sentiment_sum: number }>`
      select day, sum(mentions)::int8 as mentions, sum(sentiment_sum) as sentiment_sum
      from topic_daily_stats
      where topic = ${topic} and day >= ${day(new Date(Math.floor(from.getTime() / DAY) * DAY))} and day <= ${day(now)}
      group by day order by day
    `.execute(deps.db);
    rows = result.rows.map((r) => ({
      time: `${r.day}T00:00:00.000Z`,
      mentions: Number(r.mentions),
      sentiment_sum: Number(r.sentiment_sum),
    }));
  }

  const points: MentionPoint[] = rows.map((r) => ({ time: r.time, mentions: r.mentions, sentiment: mean(r.sentiment_sum, r.mentions) }));
  const mentions = rows.reduce((sum, r) => sum + r.mentions, 0);
  const sentimentSum = rows.reduce((sum, r) => sum + r.sentiment_sum, 0);
  return {
    asset,
    interval: input.interval,
    from: from.toISOString(),
    to: now.toISOString(),
    social: { bucket, points, mentions, sentiment: mean(sentimentSum, mentions), sentimentPosts: mentions },
  };
}
