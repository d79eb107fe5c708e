import { sql, type Kysely } from 'kysely';

// GET /v1/social/timeseries answers a coin's engagement per bucket from the topic rollups, never
// from the posts: both topic rollups gain the interactions (likes, comments, shares, replies,
// retweets; not views) of the posts naming each topic, kept by the same increments as mentions
// (rollups/delta.ts, ingest/copy-batch.ts). The rows already there are filled in once, here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table topic_hourly_stats add column engagement int8 not null default 0`.execute(db);
  await sql`alter table topic_daily_stats add column engagement int8 not null default 0`.execute(db);
  await sql`
    update topic_hourly_stats h set engagement = x.engagement
    from (
      select date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') as hour, platform, t.topic,
             sum(likes + comments + shares + replies + retweets) as engagement
      from posts cross join lateral (
        select '$' || s as topic from unnest(symbols) s
        union all
        select '#' || g from unnest(hashtags) g
      ) t
      group by 1, 2, 3
    ) x
    where h.hour = x.hour and h.platform = x.platform and h.topic = x.topic
  `.execute(db);
  await sql`
    update topic_daily_stats d set engagement = x.engagement
    from (
      select (hour at time zone 'UTC')::date as day, platform, topic, sum(engagement) as engagement
      from topic_hourly_stats group by 1, 2, 3
    ) x
    where d.day = x.day and d.platform = x.platform and d.topic = x.topic
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table topic_hourly_stats drop column engagement`.execute(db);
  await sql`alter table topic_daily_stats drop column engagement`.execute(db);
}
