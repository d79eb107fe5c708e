import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import { likesBandSql, POST_DAY_SQL, POST_HOUR_SQL, POST_TERMS_SQL } from '../postings/terms.js';
import { ENGAGEMENT_SQL } from './add-counts.js';
import { DAY, HOUR, TOPICS } from './buckets.js';
// Sentiment sums are floats added and subtracted in another order than a fresh sum.
const CLOSE = (a: string, b: string) => sql`abs(coalesce(${sql.ref(a)}, 0) - coalesce(${sql.ref(b)}, 0)) > 1e-3`;

/**
 * Compares every rollup row with an aggregate computed from the posts now, and describes up to
 * `limit` differences (none means the rollups are right). Rows counted down to zero are the
 * same as absent. It scans all posts: a check for tests and operators, not for requests.
 */
export async function findRollupDrift(db: Kysely<Database>, limit = 20): Promise<string[]> {
  const platform = await sql<Record<string, unknown>>`
    with expected as (
      select ${HOUR} as hour, platform, count(*)::int as posts, sum(likes)::int8 as likes, sum(comments)::int8 as comments,
             sum(shares)::int8 as shares, sum(views)::int8 as views, sum(replies)::int8 as replies,
             sum(retweets)::int8 as retweets, sum(sentiment::float8) as sentiment_sum
      from posts group by 1, 2
    ), stored as (
      select * from platform_hourly_stats
      where posts <> 0 or likes <> 0 or comments <> 0 or shares <> 0 or views <> 0 or replies <> 0 or retweets <> 0
    )
    select 'platform_hourly_stats' as "table", coalesce(e.hour, s.hour) as hour, coalesce(e.platform, s.platform) as platform,
           e.posts as expected_posts, s.posts as stored_posts, e.likes as expected_likes, s.likes as stored_likes
    from expected e full join stored s on s.hour = e.hour and s.platform = e.platform
    where e.posts is distinct from s.posts or e.likes is distinct from s.likes or e.comments is distinct from s.comments
       or e.shares is distinct from s.shares or e.views is distinct from s.views or e.replies is distinct from s.replies
       or e.retweets is distinct from s.retweets or ${CLOSE('e.sentiment_sum', 's.sentiment_sum')}
    limit ${limit}
  `.execute(db);

  const topics = async (table: 'topic_hourly_stats' | 'topic_daily_stats', bucket: 'hour' | 'day') => {
    const expr = bucket === 'hour' ? HOUR : DAY;
    const b = sql.ref(bucket);
    return sql<Record<string, unknown>>`
      with expected as (
        select ${expr} as ${b}, platform, t.topic, count(*)::int as mentions, sum(sentiment::float8) as sentiment_sum,
               sum(${sql.raw(ENGAGEMENT_SQL)})::int8 as engagement
        from posts ${TOPICS} group by 1, 2, 3
      ), stored as (select * from ${sql.table(table)} where mentions <> 0)
      select ${sql.lit(table)} as "table", coalesce(e.${b}, s.${b}) as bucket, coalesce(e.platform, s.platform) as platform,
             coalesce(e.topic, s.topic) as topic, e.mentions as expected_mentions, s.mentions as stored_mentions
      from expected e full join stored s on s.${b} = e.${b} and s.platform = e.platform and s.topic = e.topic
      where e.mentions is distinct from s.mentions or e.engagement is distinct from s.engagement
         or ${CLOSE('e.sentiment_sum', 's.sentiment_sum')}
      limit ${limit}
    `.execute(db);
  };

  const related = await sql<Record<string, unknown>>`
    with expected as (
      select ${DAY} as day, platform, t.topic, s.symbol, count(*)::int as mentions
      from posts ${TOPICS} cross join lateral unnest(symbols) s(symbol)
      where t.topic <> '$' || s.symbol
      group by 1, 2, 3, 4
    ), stored as (select * from topic_related_daily where mentions <> 0)
    select 'topic_related_daily' as "table", coalesce(e.day, s.day) as day, coalesce(e.platform, s.platform) as platform,
           coalesce(e.topic, s.topic) as topic, coalesce(e.symbol, s.symbol) as symbol,
           e.mentions as expected_mentions, s.mentions as stored_mentions
    from expected e full join stored s on s.day = e.day and s.platform = e.platform and s.topic = e.topic and s.symbol = e.symbol
    where e.mentions is distinct from s.mentions
    limit ${limit}
  `.execute(db);

  const authorDays = await sql<Record<string, unknown>>`
    with expected as (
      select author_id, ${DAY} as day, count(*)::int as posts, sum(likes)::int8 as likes, sum(comments)::int8 as comments,
             sum(shares)::int8 as shares, sum(views)::int8 as views, sum(replies)::int8 as replies,
             sum(retweets)::int8 as retweets, sum(sentiment::float8) as sentiment_sum
      from posts group by 1, 2
    ), stored as (
      select * from author_daily_stats
      where posts <> 0 or likes <> 0 or comments <> 0 or shares <> 0 or views <> 0 or replies <> 0 or retweets <> 0
    )
    select 'author_daily_stats' as "table", coalesce(e.author_id, s.author_id) as author_id, coalesce(e.day, s.day) as day,
           e.posts as expected_posts, s.posts as stored_posts, e.likes as expected_likes, s.likes as stored_likes
    from expected e full join stored s on s.author_id = e.author_id and s.day = e.day
    where e.posts is distinct from s.posts or e.likes is distinct from s.likes or e.comments is distinct from s.comments
       or e.shares is distinct from s.shares or e.views is distinct from s.views or e.replies is distinct from s.replies
       or e.retweets is distinct from s.retweets or ${CLOSE('e.sentiment_sum', 's.sentiment_sum')}
    limit ${limit}
  `.execute(db);

  const authorTopics = await sql<Record<string, unknown>>`
    with expected as (
      select author_id, t.topic, count(*)::int as mentions, sum(sentiment::float8) as sentiment_sum
      from posts ${TOPICS} group by 1, 2
    ), stored as (select * from author_topic_stats where mentions <> 0)
    select 'author_topic_stats' as "table", coalesce(e.author_id, s.author_id) as author_id, coalesce(e.topic, s.topic) as topic,
           e.mentions as expected_mentions, s.mentions as stored_mentions
    from expected e full join stored s on s.author_id = e.author_id and s.topic = e.topic
    where e.mentions is distinct from s.mentions or ${CLOSE('e.sentiment_sum', 's.sentiment_sum')}
    limit ${limit}
  `.execute(db);

  // Postings compared as sets of (id, time, rank, band) per key: their order in the arrays is the order of writing.
  const postings = await sql<Record<string, unknown>>`
    with expected as (
      select p.platform, t.term, ${sql.raw(POST_HOUR_SQL)} as hour, p.id, p.created_at as at, t.rank, ${sql.raw(likesBandSql('p.likes'))} as band
      from posts p ${sql.raw(POST_TERMS_SQL)}
    ), stored as (
      select sp.platform, sp.term, sp.hour, u.id, u.at, u.rank, u.band
      from search_postings sp cross join lateral unnest(sp.ids, sp.times, sp.ranks, sp.bands) u(id, at, rank, band)
    )
    select 'search_postings' as "table", coalesce(e.platform, s.platform) as platform, coalesce(e.term, s.term) as term,
           coalesce(e.id, s.id) as id, e.hour as expected_hour, s.hour as stored_hour, e.rank as expected_rank, s.rank as stored_rank,
           e.band as expected_band, s.band as stored_band
    from expected e full join stored s on s.platform = e.platform and s.term = e.term and s.id = e.id
    where e.hour is distinct from s.hour or e.at is distinct from s.at or e.rank is distinct from s.rank or e.band is distinct from s.band
    limit ${limit}
  `.execute(db);

  // A term's days counted from the posts; a day counted down to 0 is the same as absent.
  const termDays = await sql<Record<string, unknown>>`
    with expected as (
      select p.platform, t.term, ${sql.raw(POST_DAY_SQL)} as day, count(*)::int as posts
      from posts p ${sql.raw(POST_TERMS_SQL)}
      group by 1, 2, 3
    ), stored as (select platform, term, day, posts from search_term_days where posts <> 0)
    select 'search_term_days' as "table", coalesce(e.platform, s.platform) as platform, coalesce(e.term, s.term) as term,
           coalesce(e.day, s.day) as day, e.posts as expected_posts, s.posts as stored_posts
    from expected e full join stored s on s.platform = e.platform and s.term = e.term and s.day = e.day
    where e.posts is distinct from s.posts
    limit ${limit}
  `.execute(db);

  const rows = [
    ...platform.rows,
    ...(await topics('topic_hourly_stats', 'hour')).rows,
    ...(await topics('topic_daily_stats', 'day')).rows,
    ...related.rows,
    ...authorDays.rows,
    ...authorTopics.rows,
    ...postings.rows,
    ...termDays.rows,
  ];
  return rows.slice(0, limit).map((row) => JSON.stringify(row));
}
