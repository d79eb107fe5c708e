import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema/index.js';
import { splitKey, type RollupDelta } from './delta.js';

type Executor = Kysely<Database> | Transaction<Database>;

// Rows are written in key order: two imports that touch the same rollup rows then lock them in
// the same order and wait for each other instead of deadlocking.
const sorted = <T>(map: Map<string, T>): [string[], T][] =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]): [string[], T] => [splitKey(k), v]);

/** Adds a delta to the rollup tables; call it in the transaction that wrote the posts. */
export async function applyRollupDelta(db: Executor, delta: RollupDelta): Promise<void> {
  if (delta.isEmpty) return;

  const hours = sorted(delta.platformHours);
  await sql`
    insert into platform_hourly_stats (hour, platform, posts, likes, comments, shares, views, replies, retweets, sentiment_sum)
    select * from unnest(
      ${hours.map(([k]) => k[0])}::timestamptz[], ${hours.map(([k]) => k[1])}::text[],
      ${hours.map(([, c]) => c.posts)}::int4[], ${hours.map(([, c]) => c.likes)}::int8[],
      ${hours.map(([, c]) => c.comments)}::int8[], ${hours.map(([, c]) => c.shares)}::int8[],
      ${hours.map(([, c]) => c.views)}::int8[], ${hours.map(([, c]) => c.replies)}::int8[],
      ${hours.map(([, c]) => c.retweets)}::int8[], ${hours.map(([, c]) => c.sentimentSum)}::float8[]
    )
    on conflict (hour, platform) do update set
      posts = platform_hourly_stats.posts + excluded.posts,
      likes = platform_hourly_stats.likes + excluded.likes,
      comments = platform_hourly_stats.comments + excluded.comments,
      shares = platform_hourly_stats.shares + excluded.shares,
      views = platform_hourly_stats.views + excluded.views,
      replies = platform_hourly_stats.replies + excluded.replies,
      retweets = platform_hourly_stats.retweets + excluded.retweets,
      sentiment_sum = platform_hourly_stats.sentiment_sum + excluded.sentiment_sum
  `.execute(db);

  const topicHours = sorted(delta.topicHours);
  if (topicHours.length > 0) {
    await sql`
      insert into topic_hourly_stats (hour, platform, topic, mentions, sentiment_sum)
      select * from unnest(
        ${topicHours.map(([k]) => k[0])}::timestamptz[], ${topicHours.map(([k]) => k[1])}::text[],
        ${topicHours.map(([k]) => k[2])}::text[], ${topicHours.map(([, c]) => c.mentions)}::int4[],
        ${topicHours.map(([, c]) => c.sentimentSum)}::float8[]
      )
      on conflict (hour, platform, topic) do update set
        mentions = topic_hourly_stats.mentions + excluded.mentions,
        sentiment_sum = topic_hourly_stats.sentiment_sum + excluded.sentiment_sum
    `.execute(db);
  }

  const topicDays = sorted(delta.topicDays);
  if (topicDays.length > 0) {
    await sql`
      insert into topic_daily_stats (day, platform, topic, mentions, sentiment_sum)
      select * from unnest(
        ${topicDays.map(([k]) => k[0])}::date[], ${topicDays.map(([k]) => k[1])}::text[],
        ${topicDays.map(([k]) => k[2])}::text[], ${topicDays.map(([, c]) => c.mentions)}::int4[],
        ${topicDays.map(([, c]) => c.sentimentSum)}::float8[]
      )
      on conflict (day, platform, topic) do update set
        mentions = topic_daily_stats.mentions + excluded.mentions,
        sentiment_sum = topic_daily_stats.sentiment_sum + excluded.sentiment_sum
    `.execute(db);
  }

  const related = sorted(delta.related);
  if (related.length > 0) {
    await sql`
      insert into topic_related_daily (day, platform, topic, symbol, mentions)
      select * from unnest(
        ${related.map(([k]) => k[0])}::date[], ${related.map(([k]) => k[1])}::text[],
        ${related.map(([k]) => k[2])}::text[], ${related.map(([k]) => k[3])}::text[],
        ${related.map(([, n]) => n)}::int4[]
      )
      on conflict (day, platform, topic, symbol) do update set mentions = topic_related_daily.mentions + excluded.mentions
    `.execute(db);
  }
}
