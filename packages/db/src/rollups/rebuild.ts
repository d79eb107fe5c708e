import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import { rebuildPostings } from '../postings/apply.js';
import { ENGAGEMENT_SQL } from './add-counts.js';
import { DAY, HOUR, TOPICS } from './buckets.js';

/**
 * Recomputes every rollup (and the search postings) from the posts in one transaction. Used after bulk loads (cheaper than
 * per-batch increments), after re-analysis, and to repair rollups if they were ever edited by hand.
 */
export async function rebuildRollups(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Writers wait until the rollups are rebuilt; otherwise a post committed meanwhile could be
    // counted twice (by its own increment and by the rebuild) or not at all.
    await sql`lock table posts in share mode`.execute(trx);
    // The GROUP BYs hash hundreds of thousands of groups at a million posts; keep them in memory.
    await sql`set local work_mem = '256MB'`.execute(trx);
    await sql`delete from platform_hourly_stats`.execute(trx);
    await sql`delete from topic_hourly_stats`.execute(trx);
    await sql`delete from topic_daily_stats`.execute(trx);
    await sql`delete from topic_related_daily`.execute(trx);
    await sql`delete from author_daily_stats`.execute(trx);
    await sql`delete from author_topic_stats`.execute(trx);
    await sql`
      insert into platform_hourly_stats (hour, platform, posts, likes, comments, shares, views, replies, retweets, sentiment_sum)
      select ${HOUR}, platform, count(*), sum(likes), sum(comments), sum(shares), sum(views), sum(replies), sum(retweets), sum(sentiment::float8)
      from posts group by 1, 2
    `.execute(trx);
    await sql`
      insert into topic_hourly_stats (hour, platform, topic, mentions, sentiment_sum, engagement)
      select ${HOUR}, platform, t.topic, count(*), sum(sentiment::float8), sum(${sql.raw(ENGAGEMENT_SQL)})
      from posts ${TOPICS} group by 1, 2, 3
    `.execute(trx);
    // Days are whole hours added up: a far smaller input than the posts.
    await sql`
      insert into topic_daily_stats (day, platform, topic, mentions, sentiment_sum, engagement)
      select (hour at time zone 'UTC')::date, platform, topic, sum(mentions), sum(sentiment_sum), sum(engagement)
      from topic_hourly_stats group by 1, 2, 3
    `.execute(trx);
    await sql`
      insert into topic_related_daily (day, platform, topic, symbol, mentions)
      select ${DAY}, platform, t.topic, s.symbol, count(*)
      from posts ${TOPICS} cross join lateral unnest(symbols) s(symbol)
      where t.topic <> '$' || s.symbol
      group by 1, 2, 3, 4
    `.execute(trx);
    await sql`
      insert into author_daily_stats (author_id, day, posts, likes, comments, shares, views, replies, retweets, sentiment_sum)
      select author_id, ${DAY}, count(*), sum(likes), sum(comments), sum(shares), sum(views), sum(replies), sum(retweets), sum(sentiment::float8)
      from posts group by 1, 2
    `.execute(trx);
    await sql`
      insert into author_topic_stats (author_id, topic, mentions, sentiment_sum)
      select author_id, t.topic, count(*), sum(sentiment::float8)
      from posts ${TOPICS} group by 1, 2
    `.execute(trx);
    await rebuildPostings(trx);
  });
}
