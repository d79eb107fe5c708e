import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema/index.js';
import { addOnConflict, AUTHOR_DAY_COUNTS, AUTHOR_TOPIC_COUNTS, PLATFORM_HOUR_COUNTS, TOPIC_COUNTS } from './add-counts.js';
import { splitKey, type PlatformCounts, type RollupDelta, type TopicCounts } from './delta.js';

type Executor = Kysely<Database> | Transaction<Database>;

// Rows are written in key order: two imports that touch the same rollup rows then lock them in
// the same order and wait for each other instead of deadlocking.
const sorted = <T>(map: Map<string, T>): [string[], T][] =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]): [string[], T] => [splitKey(k), v]);

/** A topic rollup: its table, its bucket column and that column's type. */
interface TopicRollup {
  table: 'topic_hourly_stats' | 'topic_daily_stats';
  bucket: 'hour' | 'day';
  bucketType: 'timestamptz' | 'date';
}
const TOPIC_HOURS: TopicRollup = { table: 'topic_hourly_stats', bucket: 'hour', bucketType: 'timestamptz' };
const TOPIC_DAYS: TopicRollup = { table: 'topic_daily_stats', bucket: 'day', bucketType: 'date' };

/** Adds mentions, sentiment and engagement to a topic rollup's rows (bucket, platform, topic), making the missing ones. */
async function addTopicCounts(db: Executor, rollup: TopicRollup, rows: [string[], TopicCounts][]): Promise<void> {
  if (rows.length === 0) return;
  const bucket = sql.ref(rollup.bucket);
  await sql`
    insert into ${sql.table(rollup.table)} (${bucket}, platform, topic, ${sql.raw(TOPIC_COUNTS.join(', '))})
    select * from unnest(
      ${rows.map(([k]) => k[0])}::${sql.raw(rollup.bucketType)}[], ${rows.map(([k]) => k[1])}::text[],
      ${rows.map(([k]) => k[2])}::text[], ${rows.map(([, c]) => c.mentions)}::int4[],
      ${rows.map(([, c]) => c.sentimentSum)}::float8[], ${rows.map(([, c]) => c.engagement)}::int8[]
    )
    ${sql.raw(addOnConflict(rollup.table, [rollup.bucket, 'platform', 'topic'], TOPIC_COUNTS))}
  `.execute(db);
}

/** Adds to the per-author rollups: posts and counters per (author, day), mentions per (author, topic). */
async function addAuthorCounts(db: Executor, days: [string[], PlatformCounts][], topics: [string[], TopicCounts][]): Promise<void> {
  await sql`
    insert into author_daily_stats (author_id, day, ${sql.raw(AUTHOR_DAY_COUNTS.join(', '))})
    select * from unnest(
      ${days.map(([k]) => k[0])}::int8[], ${days.map(([k]) => k[1])}::date[],
      ${days.map(([, c]) => c.posts)}::int4[], ${days.map(([, c]) => c.likes)}::int8[],
      ${days.map(([, c]) => c.comments)}::int8[], ${days.map(([, c]) => c.shares)}::int8[],
      ${days.map(([, c]) => c.views)}::int8[], ${days.map(([, c]) => c.replies)}::int8[],
      ${days.map(([, c]) => c.retweets)}::int8[], ${days.map(([, c]) => c.sentimentSum)}::float8[]
    )
    ${sql.raw(addOnConflict('author_daily_stats', ['author_id', 'day'], AUTHOR_DAY_COUNTS))}
  `.execute(db);
  if (topics.length === 0) return;
  await sql`
    insert into author_topic_stats (author_id, topic, ${sql.raw(AUTHOR_TOPIC_COUNTS.join(', '))})
    select * from unnest(
      ${topics.map(([k]) => k[0])}::int8[], ${topics.map(([k]) => k[1])}::text[],
      ${topics.map(([, c]) => c.mentions)}::int4[], ${topics.map(([, c]) => c.sentimentSum)}::float8[]
    )
    ${sql.raw(addOnConflict('author_topic_stats', ['author_id', 'topic'], AUTHOR_TOPIC_COUNTS))}
  `.execute(db);
}

/** Adds a delta to the rollup tables; call it in the transaction that wrote the posts. */
export async function applyRollupDelta(db: Executor, delta: RollupDelta): Promise<void> {
  if (delta.isEmpty) return;

  const hours = sorted(delta.platformHours);
  await sql`
    insert into platform_hourly_stats (hour, platform, ${sql.raw(PLATFORM_HOUR_COUNTS.join(', '))})
    select * from unnest(
      ${hours.map(([k]) => k[0])}::timestamptz[], ${hours.map(([k]) => k[1])}::text[],
      ${hours.map(([, c]) => c.posts)}::int4[], ${hours.map(([, c]) => c.likes)}::int8[],
      ${hours.map(([, c]) => c.comments)}::int8[], ${hours.map(([, c]) => c.shares)}::int8[],
      ${hours.map(([, c]) => c.views)}::int8[], ${hours.map(([, c]) => c.replies)}::int8[],
      ${hours.map(([, c]) => c.retweets)}::int8[], ${hours.map(([, c]) => c.sentimentSum)}::float8[]
    )
    ${sql.raw(addOnConflict('platform_hourly_stats', ['hour', 'platform'], PLATFORM_HOUR_COUNTS))}
  `.execute(db);

  await addTopicCounts(db, TOPIC_HOURS, sorted(delta.topicHours));
  await addTopicCounts(db, TOPIC_DAYS, sorted(delta.topicDays));

  const related = sorted(delta.related);
  if (related.length > 0) {
    await sql`
      insert into topic_related_daily (day, platform, topic, symbol, mentions)
      select * from unnest(
        ${related.map(([k]) => k[0])}::date[], ${related.map(([k]) => k[1])}::text[],
        ${related.map(([k]) => k[2])}::text[], ${related.map(([k]) => k[3])}::text[],
        ${related.map(([, n]) => n)}::int4[]
      )
      ${sql.raw(addOnConflict('topic_related_daily', ['day', 'platform', 'topic', 'symbol'], ['mentions']))}
    `.execute(db);
  }
  await addAuthorCounts(db, sorted(delta.authorDays), sorted(delta.authorTopics));
}
