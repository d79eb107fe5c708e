import type { SocialPlatform } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';
import { HOUR_MS, meanOrNull } from './windows.js';

/** Posts naming a coin on one platform, and the sum of their sentiment (the mean is sum / mentions). */
export interface MentionFigures {
  mentions: number;
  sentimentSum: number;
}

/** symbol → platform → figures; a pair without posts is absent. */
export type MentionCounts = Map<string, Map<SocialPlatform, MentionFigures>>;

/**
 * Posts naming each coin (`symbols`, tickers) on each of `platforms` with `from <= created_at < to`,
 * exact to the post: the whole hours inside the window come from the hourly rollup (kept in step
 * with posts in the same transactions), the ragged minutes at either edge from posts themselves,
 * at most two hours of them. So a "last hour" is the last 60 minutes, not the clock hour.
 */
export async function mentionCounts(
  { db }: Pick<ServiceDeps, 'db'>,
  input: { symbols: string[]; platforms: readonly SocialPlatform[]; from: Date; to: Date },
): Promise<MentionCounts> {
  const counts: MentionCounts = new Map();
  if (input.symbols.length === 0 || input.platforms.length === 0 || input.from >= input.to) return counts;
  const firstHour = new Date(Math.ceil(input.from.getTime() / HOUR_MS) * HOUR_MS);
  const endHour = new Date(Math.max(firstHour.getTime(), Math.floor(input.to.getTime() / HOUR_MS) * HOUR_MS));
  const topics = input.symbols.map((s) => `$${s}`);
  const platforms = [...input.platforms];
  const { rows } = await sql<{ platform: SocialPlatform; symbol: string; mentions: number; sentiment_sum: number }>`
    select platform, substr(topic, 2) as symbol, sum(mentions)::int8 as mentions, sum(sentiment_sum)::float8 as sentiment_sum
    from (
      -- topic like '$%': the planner then reads the coins' series index (topic, platform, hour).
      select platform, topic, mentions, sentiment_sum from topic_hourly_stats
      where topic like '$%' and topic = any(${topics}::text[]) and platform = any(${platforms}::text[])
        and hour >= ${firstHour} and hour < ${endHour}
      union all
      select p.platform, '$' || s.symbol, 1, p.sentiment
      from (
        -- The ragged edges by date first: at most two hours of posts off the (platform,
        -- created_at) index. OFFSET 0 keeps the planner from ANDing in the symbols GIN index,
        -- whose bitmap for a common coin is a fifth of all posts (30-50 ms at 1,000,000, not 4).
        select platform, symbols, sentiment from posts
        where platform = any(${platforms}::text[]) and created_at >= ${input.from} and created_at < ${input.to}
          and (created_at < ${firstHour} or created_at >= ${endHour})
        offset 0
      ) as p cross join lateral unnest(p.symbols) as s(symbol)
      where p.symbols && ${input.symbols}::text[]
    ) as m
    where topic = any(${topics}::text[])
    group by platform, topic
  `.execute(db);
  for (const row of rows) {
    const bySymbol = counts.get(row.symbol) ?? new Map<SocialPlatform, MentionFigures>();
    bySymbol.set(row.platform, { mentions: Number(row.mentions), sentimentSum: Number(row.sentiment_sum) });
    counts.set(row.symbol, bySymbol);
  }
  return counts;
}

/** Posts naming a coin and their mean sentiment (null without posts). */
export interface MentionSummary {
  mentions: number;
  sentiment: number | null;
}

/** One coin's mentions per platform asked for (in that order, zeros included) and over them all. */
export interface AssetMentions {
  symbol: string;
  platforms: (MentionSummary & { platform: SocialPlatform })[];
  total: MentionSummary;
}

/**
 * mentionCounts folded into what /v1 answers (social/mentions and market/sentiment): per coin, in
 * the order of `symbols`, each platform's count and mean, and the mean over the platforms asked for
 * (weighted by posts, not a mean of means).
 */
export async function mentionSummaries(
  deps: Pick<ServiceDeps, 'db'>,
  input: { symbols: string[]; platforms: readonly SocialPlatform[]; from: Date; to: Date },
): Promise<AssetMentions[]> {
  return summarizeMentions(await mentionCounts(deps, input), input);
}

/** mentionSummaries' fold, over counts read for these symbols and platforms or more. */
export function summarizeMentions(
  counts: MentionCounts,
  input: { symbols: string[]; platforms: readonly SocialPlatform[] },
): AssetMentions[] {
  return input.symbols.map((symbol) => {
    const bySymbol = counts.get(symbol);
    const figures = input.platforms.map((platform) => ({ platform, ...(bySymbol?.get(platform) ?? { mentions: 0, sentimentSum: 0 }) }));
    const mentions = figures.reduce((sum, f) => sum + f.mentions, 0);
    const sentimentSum = figures.reduce((sum, f) => sum + f.sentimentSum, 0);
    return {
      symbol,
      platforms: figures.map((f) => ({ platform: f.platform, mentions: f.mentions, sentiment: meanOrNull(f.sentimentSum, f.mentions) })),
      total: { mentions, sentiment: meanOrNull(sentimentSum, mentions) },
    };
  });
}
