import { sql, type Kysely } from 'kysely';

// Per-author rollups for the creator pages (docs/social-data.md, "Creators and topics"): a
// creator's posts and engagement per UTC day, and the coins and hashtags they name, so a page
// reads a few hundred rows however many posts the author has. Kept in step by both import paths
// in the posts' transaction, rebuilt with the other rollups and checked by findRollupDrift.
// No foreign key to authors: like the other rollups, a row is a sum, written in bulk.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table author_daily_stats (
      author_id bigint not null,
      day date not null,
      posts integer not null default 0,
      likes bigint not null default 0,
      comments bigint not null default 0,
      shares bigint not null default 0,
      views bigint not null default 0,
      replies bigint not null default 0,
      retweets bigint not null default 0,
      sentiment_sum double precision not null default 0,
      primary key (author_id, day)
    )
  `.execute(db);
  await sql`
    create table author_topic_stats (
      author_id bigint not null,
      topic text not null,
      mentions integer not null default 0,
      sentiment_sum double precision not null default 0,
      primary key (author_id, topic)
    )
  `.execute(db);
  // A topic page's top creators: the topic's authors by mentions, read from the top.
  await sql`create index author_topic_stats_topic_idx on author_topic_stats (topic, mentions desc, author_id)`.execute(db);
  // A topic page's series over 7 to 90 days: one topic's days, where the key (day, platform,
  // topic) would read every topic of every day in the window to keep one.
  await sql`create index topic_daily_stats_topic_idx on topic_daily_stats (topic, day) include (mentions, sentiment_sum)`.execute(db);
  // The posts stored before: frozen SQL (the rollups' later code may change).
  await sql`
    insert into author_daily_stats (author_id, day, posts, likes, comments, shares, views, replies, retweets, sentiment_sum)
    select author_id, (created_at at time zone 'UTC')::date, count(*), sum(likes), sum(comments), sum(shares), sum(views),
           sum(replies), sum(retweets), sum(sentiment::float8)
    from posts group by 1, 2
  `.execute(db);
  await sql`
    insert into author_topic_stats (author_id, topic, mentions, sentiment_sum)
    select author_id, t.topic, count(*), sum(sentiment::float8)
    from posts cross join lateral (
      select '$' || s as topic from unnest(symbols) s
      union all
      select '#' || h from unnest(hashtags) h
    ) t
    group by 1, 2
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists topic_daily_stats_topic_idx`.execute(db);
  await sql`drop table if exists author_topic_stats`.execute(db);
  await sql`drop table if exists author_daily_stats`.execute(db);
}
