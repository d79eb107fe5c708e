import { sql, type Kysely } from 'kysely';

// Frozen in time: the platform list and the rollup SQL are spelled out here rather than imported.
const PLATFORM_CHECK = sql`platform in ('twitter', 'instagram', 'facebook', 'linkedin')`;
const HOUR = sql`date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')`;
const DAY = sql`(created_at at time zone 'UTC')::date`;
const TOPICS = sql`cross join lateral (
  select '$' || s as topic from unnest(symbols) s
  union all
  select '#' || h from unnest(hashtags) h
) t`;

/**
 * An account's own posts (docs/security.md §24): what its scrape tasks bring in. A table apart from the
 * shared `posts`, so no shared read can see them by a forgotten filter, no shared index or plan
 * changes, and they feed no rollup. The author lives on the row: an upload never touches the
 * shared `authors` (their spelling, their follower counts).
 *
 * Then the posts earlier scrape tasks wrote into the shared store move to their owners (see
 * docs/social-data.md, "Whose data"). Nothing records which import wrote a post, so a post is
 * taken to be a task's when it was first stored (ingested_at) while that task ran on that platform
 * (from started_at to finished_at; the last heartbeat, or now, if it never finished). A post whose
 * time falls in several tasks' runs goes to the one that started last. What this cannot do: a
 * shared post that a task overwrote (same platform id) keeps the task's version, since the old one
 * is gone; the operator's re-import of the source file restores it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const counter = (name: string, type: 'integer' | 'bigint' = 'integer') =>
    sql`${sql.ref(name)} ${sql.raw(type)} not null default 0 check (${sql.ref(name)} >= 0)`;
  await sql`
    create table private_posts (
      id bigint generated always as identity primary key,
      user_id text not null references users (id) on delete cascade,
      platform text not null check (${PLATFORM_CHECK}),
      external_id text not null,
      author_username text not null check (length(author_username) between 1 and 100),
      author_display_name text,
      author_followers bigint not null default 0 check (author_followers >= 0),
      text text not null,
      created_at timestamptz not null,
      ${counter('likes')},
      ${counter('comments')},
      ${counter('shares')},
      ${counter('views', 'bigint')},
      ${counter('replies')},
      ${counter('retweets')},
      media_type text check (media_type in ('image', 'video', 'carousel')),
      location text,
      reactions jsonb,
      hashtags text[] not null default '{}',
      symbols text[] not null default '{}',
      sentiment real not null check (sentiment >= 0 and sentiment <= 1),
      sentiment_model text not null,
      search tsvector generated always as (to_tsvector('english', text)) stored,
      ingested_at timestamptz not null default now(),
      constraint private_posts_owner_platform_external_id_key unique (user_id, platform, external_id),
      constraint private_posts_media_type_instagram check (media_type is null or platform = 'instagram'),
      constraint private_posts_reactions_facebook check (reactions is null or platform = 'facebook')
    )
  `.execute(db);
  // Every read names its owner and (but for analyses and exports over all platforms) a platform:
  // the newest-first pages, date ranges and keyset walks of the shared reads, within one account.
  await sql`create index private_posts_owner_platform_created_at_idx on private_posts (user_id, platform, created_at, id)`.execute(db);
  await sql`create index private_posts_search_idx on private_posts using gin (search)`.execute(db);

  // Nothing to move on a database where no scrape task ever ran: no pass over the posts at all.
  const ran = await sql`select 1 from tasks where type = 'scrape' and started_at is not null limit 1`.execute(db);
  if (ran.rows.length === 0) return;

  await sql`
    create temporary table moved_posts as
    select distinct on (p.id) p.id, w.user_id, p.author_id
    from posts p
    join (
      select user_id,
             case when params -> 'source' ->> 'kind' = 'x-recent-search' then 'twitter' else params -> 'source' ->> 'platform' end as platform,
             started_at as started, coalesce(finished_at, heartbeat_at, now()) as finished
      from tasks
      where type = 'scrape' and started_at is not null
    ) w on w.platform = p.platform and p.ingested_at between w.started and w.finished
    order by p.id, w.started desc
  `.execute(db);
  const moved = await sql<{ n: string | number }>`select count(*) as n from moved_posts`.execute(db);
  if (Number(moved.rows[0]?.n ?? 0) > 0) {
    await sql`
      insert into private_posts (user_id, platform, external_id, author_username, author_display_name, author_followers, text,
                                 created_at, likes, comments, shares, views, replies, retweets, media_type, location, reactions,
                                 hashtags, symbols, sentiment, sentiment_model, ingested_at)
      select m.user_id, p.platform, p.external_id, a.username, a.display_name, a.followers, p.text,
             p.created_at, p.likes, p.comments, p.shares, p.views, p.replies, p.retweets, p.media_type, p.location, p.reactions,
             p.hashtags, p.symbols, p.sentiment, p.sentiment_model, p.ingested_at
      from moved_posts m join posts p on p.id = m.id join authors a on a.id = p.author_id
      on conflict (user_id, platform, external_id) do nothing
    `.execute(db);
    await sql`delete from posts where id in (select id from moved_posts)`.execute(db);
    // Only the moved posts' authors: an author the operator's data still names stays.
    await sql`
      delete from authors
      where id in (select author_id from moved_posts) and not exists (select 1 from posts where posts.author_id = authors.id)
    `.execute(db);
    await rebuildRollups(db);
  }
  await sql`drop table moved_posts`.execute(db);
}

/** rollups/rebuild.ts as of this migration. */
async function rebuildRollups(db: Kysely<unknown>): Promise<void> {
  await sql`delete from platform_hourly_stats`.execute(db);
  await sql`delete from topic_hourly_stats`.execute(db);
  await sql`delete from topic_daily_stats`.execute(db);
  await sql`delete from topic_related_daily`.execute(db);
  await sql`
    insert into platform_hourly_stats (hour, platform, posts, likes, comments, shares, views, replies, retweets, sentiment_sum)
    select ${HOUR}, platform, count(*), sum(likes), sum(comments), sum(shares), sum(views), sum(replies), sum(retweets), sum(sentiment::float8)
    from posts group by 1, 2
  `.execute(db);
  await sql`
    insert into topic_hourly_stats (hour, platform, topic, mentions, sentiment_sum)
    select ${HOUR}, platform, t.topic, count(*), sum(sentiment::float8)
    from posts ${TOPICS} group by 1, 2, 3
  `.execute(db);
  await sql`
    insert into topic_daily_stats (day, platform, topic, mentions, sentiment_sum)
    select (hour at time zone 'UTC')::date, platform, topic, sum(mentions), sum(sentiment_sum)
    from topic_hourly_stats group by 1, 2, 3
  `.execute(db);
  await sql`
    insert into topic_related_daily (day, platform, topic, symbol, mentions)
    select ${DAY}, platform, t.topic, s.symbol, count(*)
    from posts ${TOPICS} cross join lateral unnest(symbols) s(symbol)
    where t.topic <> '$' || s.symbol
    group by 1, 2, 3, 4
  `.execute(db);
}

// The moved posts stay private: putting them back into the shared store is what this undoes.
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('private_posts').execute();
}
