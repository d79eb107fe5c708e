import { sql, type Kysely } from 'kysely';

// /v1/social/mentions and /v1/market/sentiment read a few coins' hourly rollup rows over a window
// (services/social/mentions.ts). The rollup's key leads with the hour, so a 30-day window read
// every topic of every hour in it to keep one coin's: 240,000 index entries and 322 ms at
// 1,000,000 posts. Led by the topic, with the figures included, the same read is an index-only
// range per platform (2,867 entries, 22 ms on the loaded machine, most of it the ragged edges).
// Coins only (`$` topics), as the query states, like topic_hourly_stats_coin_hours_idx.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index topic_hourly_stats_coin_series_idx on topic_hourly_stats (topic, platform, hour)
      include (mentions, sentiment_sum) where topic like '$%'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists topic_hourly_stats_coin_series_idx`.execute(db);
}
