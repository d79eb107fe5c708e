import type { TrendingTopics, trendingInputSchema } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import { readKey } from '../read-cache.js';
import type { SocialDeps } from './deps.js';
import { isoDay, meanSentiment, percentChange, periodWindow, splitDays } from './windows.js';

const RELATED_TOKENS = 3;

/**
 * The most mentioned topics (coins as '$BTC', hashtags as '#defi') over a period, with their
 * mean sentiment, 24 h change and the coins most often named alongside. Whole days come from
 * the daily rollup and the hours at either end from the hourly one, so a 90-day period reads
 * about 90 rows per topic rather than 2,160, and never the posts.
 */
export async function trendingTopics(deps: SocialDeps, input: z.infer<typeof trendingInputSchema>): Promise<TrendingTopics> {
  const { reads, ...uncached } = deps;
  if (reads) {
    const { period, platform, limit } = input;
    return reads.get(readKey('trending', [period, platform ?? null, limit]), () => trendingTopics(uncached, { period, platform, limit }));
  }
  const w = periodWindow(input.period, deps.now());
  const onPlatform = input.platform ? sql`and platform = ${input.platform}` : sql``;
  const top = await topTopics(deps.readDb, w, onPlatform, input.limit);
  const topics = top.map((r) => r.topic);
  if (topics.length === 0) return { period: input.period, topics: [] };
  const [change, relatedTokens] = await Promise.all([
    changeOverDay(deps.readDb, w, topics, onPlatform),
    relatedTokensOf(deps.readDb, w, topics, onPlatform),
  ]);
  return {
    period: input.period,
    topics: top.map((row) => ({
      id: row.topic,
      topic: row.topic,
      mentions: Number(row.mentions),
      sentiment: meanSentiment(Number(row.sentiment_sum), Number(row.mentions)),
      change24h: change.get(row.topic) ?? 0,
      relatedTokens: relatedTokens.get(row.topic) ?? [],
    })),
  };
}

export type Window = ReturnType<typeof periodWindow>;

/** The period's most mentioned topics: whole days from the daily rollup, the hours at either end from the hourly one. */
async function topTopics(db: Db, w: Window, onPlatform: RawBuilder<unknown>, limit: number) {
  const days = splitDays(w.start, w.end);
  const hourly = days
    ? sql`(hour >= ${w.start} and hour < ${days.firstDay}) or (hour >= ${days.endDay} and hour < ${w.end})`
    : sql`hour >= ${w.start} and hour < ${w.end}`;
  const daily = days
    ? sql`select topic, mentions, sentiment_sum from topic_daily_stats
          where day >= ${isoDay(days.firstDay)}::date and day < ${isoDay(days.endDay)}::date ${onPlatform}
          union all`
    : sql``;
  const top = await sql<{ topic: string; mentions: number; sentiment_sum: number }>`
    select topic, sum(mentions)::int8 as mentions, sum(sentiment_sum) as sentiment_sum
    from (
      ${daily}
      select topic, mentions, sentiment_sum from topic_hourly_stats where (${hourly}) ${onPlatform}
    ) window_rows
    group by topic
    having sum(mentions) > 0
    order by sum(mentions) desc, topic
    limit ${limit}
  `.execute(db);
  return top.rows;
}

/** Each topic's change over the last 24 hours against the 24 before. */
export async function changeOverDay(db: Db, w: Window, topics: string[], onPlatform: RawBuilder<unknown>): Promise<Map<string, number>> {
  const recent = await sql<{ topic: string; last24: number; prev24: number }>`
    select topic,
           coalesce(sum(mentions) filter (where hour >= ${w.last24}), 0)::int8 as last24,
           coalesce(sum(mentions) filter (where hour < ${w.last24}), 0)::int8 as prev24
    from topic_hourly_stats
    where hour >= ${w.prev24} and hour < ${w.end} and topic = any(${topics}::text[]) ${onPlatform}
    group by topic
  `.execute(db);
  return new Map(recent.rows.map((r) => [r.topic, percentChange(Number(r.last24), Number(r.prev24))]));
}

/** Each topic's RELATED_TOKENS coins most often named alongside over the period. */
export async function relatedTokensOf(
  db: Db,
  w: Window,
  topics: string[],
  onPlatform: RawBuilder<unknown>,
): Promise<Map<string, string[]>> {
  const related = await sql<{ topic: string; symbol: string; mentions: number }>`
    select topic, symbol, sum(mentions)::int8 as mentions
    from topic_related_daily
    where topic = any(${topics}::text[]) and day >= ${isoDay(w.start)}::date and day <= ${isoDay(w.end)}::date ${onPlatform}
    group by topic, symbol
    having sum(mentions) > 0
    order by topic, sum(mentions) desc, symbol
  `.execute(db);
  const relatedTokens = new Map<string, string[]>();
  for (const row of related.rows) {
    const list = relatedTokens.get(row.topic) ?? [];
    if (list.length < RELATED_TOKENS) list.push(row.symbol);
    relatedTokens.set(row.topic, list);
  }
  return relatedTokens;
}
