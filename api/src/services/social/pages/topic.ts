import {
  SOCIAL_PLATFORMS,
  TOPIC_TOP_CREATORS,
  TOPIC_TOP_POSTS,
  type SocialPlatform,
  type topicInputSchema,
  type TopicOverview,
} from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { sql } from 'kysely';
import type { z } from 'zod';
import { readKey } from '../../read-cache.js';
import type { SocialDeps } from '../deps.js';
import { platformsOf, postingsWalk, postingsWindow } from '../postings-walk.js';
import { changeOverDay, relatedTokensOf, type Window } from '../trending.js';
import { bucketsOf, bucketStart, isoDay, meanOrNull, meanSentiment, splitDays } from '../windows.js';
import { postRowsInOrder } from '../post-rows.js';
import { toSearchResult } from '../post-shapes.js';

/**
 * How many of each platform's latest posts naming the topic the top posts are picked from: the
 * postings walk reads that many entries and the posts by id, never every post of a common coin.
 */
export const TOP_POSTS_FROM = 250;

/**
 * A topic's page (/topics/:topic): mentions and sentiment over the period, per bucket and per
 * platform, the 24 h change and related coins as trending counts them, the creators who name it
 * most and its most engaged recent posts. All from the rollups and the search postings of the
 * shared dataset; no private post is ever read.
 */
export async function topicOverview(deps: SocialDeps, input: z.infer<typeof topicInputSchema>): Promise<TopicOverview> {
  const { reads, ...uncached } = deps;
  if (reads) return reads.get(readKey('topic', [input.topic, input.period]), () => topicOverview(uncached, input));
  const db = deps.readDb;
  const { topic, period } = input;
  const chart = bucketsOf(period, deps.now());
  const [series, platforms, change, related, topCreators, topPosts, asset] = await Promise.all([
    topicSeries(db, topic, chart),
    platformTotals(db, topic, chart.w),
    changeOverDay(db, chart.w, [topic], sql``),
    relatedTokensOf(db, chart.w, [topic], sql``),
    topCreatorsOf(db, topic),
    topPostsOf(db, topic, chart.w),
    topic.startsWith('$')
      ? db.selectFrom('assets').select(['symbol', 'name']).where('symbol', '=', topic.slice(1)).executeTakeFirst()
      : undefined,
  ]);
  const mentions = platforms.reduce((sum, p) => sum + p.mentions, 0);
  const sentimentSum = platforms.reduce((sum, p) => sum + p.sentimentSum, 0);
  return {
    topic,
    kind: topic.startsWith('$') ? 'coin' : 'hashtag',
    period,
    asset: asset ?? null,
    mentions,
    sentiment: meanSentiment(sentimentSum, mentions),
    change24h: change.get(topic) ?? 0,
    timeline: { granularity: chart.granularity, partial: chart.partial, asOf: deps.now().toISOString(), ...series },
    platforms: platforms.map((p) => ({ platform: p.platform, mentions: p.mentions, sentiment: meanSentiment(p.sentimentSum, p.mentions) })),
    relatedTokens: related.get(topic) ?? [],
    topCreators,
    topPosts,
  };
}

/** Mentions and mean sentiment per bucket: the hourly rollup for hours, the daily one for days. */
async function topicSeries(db: Db, topic: string, chart: ReturnType<typeof bucketsOf>) {
  const { rows } =
    chart.granularity === 'hour'
      ? await sql<{ bucket: Date; mentions: number; sentiment_sum: number }>`
          select hour as bucket, sum(mentions)::int8 as mentions, sum(sentiment_sum) as sentiment_sum from topic_hourly_stats
          where topic = ${topic} and hour >= ${chart.first} and hour < ${chart.w.end} group by hour`.execute(db)
      : await sql<{ bucket: string; mentions: number; sentiment_sum: number }>`
          select day::text as bucket, sum(mentions)::int8 as mentions, sum(sentiment_sum) as sentiment_sum from topic_daily_stats
          where topic = ${topic} and day >= ${isoDay(chart.first)}::date and day <= ${isoDay(chart.w.end)}::date group by day`.execute(db);
  const at = new Map(chart.buckets.map((t, i) => [t, i]));
  const mentions = chart.buckets.map(() => 0);
  const sentiment = chart.buckets.map((): number | null => null);
  for (const row of rows) {
    const i = at.get(bucketStart(row.bucket));
    if (i === undefined) continue;
    mentions[i] = Number(row.mentions);
    sentiment[i] = meanOrNull(Number(row.sentiment_sum), Number(row.mentions));
  }
  return { buckets: chart.buckets.map((t) => new Date(t).toISOString()), mentions, sentiment };
}

/** The period's mentions per platform, counted as trending counts them: whole days daily, the ragged hours hourly. */
async function platformTotals(db: Db, topic: string, w: Window) {
  const days = splitDays(w.start, w.end);
  const hourly = days
    ? sql`(hour >= ${w.start} and hour < ${days.firstDay}) or (hour >= ${days.endDay} and hour < ${w.end})`
    : sql`hour >= ${w.start} and hour < ${w.end}`;
  const daily = days
    ? sql`select platform, mentions, sentiment_sum from topic_daily_stats
          where topic = ${topic} and day >= ${isoDay(days.firstDay)}::date and day < ${isoDay(days.endDay)}::date
          union all`
    : sql``;
  const { rows } = await sql<{ platform: SocialPlatform; mentions: number; sentiment_sum: number }>`
    select platform, sum(mentions)::int8 as mentions, sum(sentiment_sum) as sentiment_sum
    from (${daily} select platform, mentions, sentiment_sum from topic_hourly_stats where topic = ${topic} and (${hourly})) r
    group by platform
  `.execute(db);
  return SOCIAL_PLATFORMS.map((platform) => {
    const row = rows.find((r) => r.platform === platform);
    return { platform, mentions: Number(row?.mentions ?? 0), sentimentSum: Number(row?.sentiment_sum ?? 0) };
  });
}

/** The creators who name the topic most over all their posts (author_topic_stats, read from its topic index). */
async function topCreatorsOf(db: Db, topic: string): Promise<TopicOverview['topCreators']> {
  const rows = await db
    .selectFrom('author_topic_stats as s')
    .innerJoin('authors as a', 'a.id', 's.author_id')
    .select(['a.platform', 'a.username', 'a.display_name', 'a.followers', 's.mentions', 's.sentiment_sum'])
    .where('s.topic', '=', topic)
    .where('s.mentions', '>', 0)
    .orderBy('s.mentions', 'desc')
    .orderBy('s.author_id')
    .limit(TOPIC_TOP_CREATORS)
    .execute();
  return rows.map((r) => ({
    platform: r.platform,
    username: r.username,
    displayName: r.display_name,
    followers: Number(r.followers),
    mentions: Number(r.mentions),
    sentiment: meanSentiment(Number(r.sentiment_sum), Number(r.mentions)),
  }));
}

/**
 * The most engaged (likes, comments, shares, replies, retweets) of each platform's
 * TOP_POSTS_FROM latest posts naming the topic in the period, through the search postings.
 */
async function topPostsOf(db: Db, topic: string, w: Window) {
  const latest = postingsWalk([topic], postingsWindow(w.start, w.end, false));
  const { rows } = await sql<{ id: number | string; created_at: Date }>`
    select posts.id, posts.created_at from ${platformsOf(SOCIAL_PLATFORMS)} cross join lateral (
      select u.id, u.t from ${latest} order by sp.hour desc, u.t desc, u.id desc limit ${TOP_POSTS_FROM}
    ) c join posts on posts.id = c.id and posts.created_at = c.t
    order by posts.likes + posts.comments + posts.shares + posts.replies + posts.retweets desc, posts.id desc
    limit ${TOPIC_TOP_POSTS}
  `.execute(db);
  const posts = await postRowsInOrder(
    db,
    rows.map((r) => ({ id: Number(r.id), created_at: r.created_at })),
  );
  return posts.map(toSearchResult);
}
