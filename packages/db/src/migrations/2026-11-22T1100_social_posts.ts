import { sql, type Kysely } from 'kysely';

// Frozen in time: the platform list is spelled out here rather than imported.
const PLATFORM_CHECK = sql`platform in ('twitter', 'instagram', 'facebook', 'linkedin')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('authors')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('platform', 'text', (c) => c.notNull().check(PLATFORM_CHECK))
    .addColumn('username', 'text', (c) => c.notNull().check(sql`length(username) between 1 and 100`))
    .addColumn('display_name', 'text')
    .addColumn('followers', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`followers >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Platforms treat handles case-insensitively; imports upsert authors on this key.
  await sql`create unique index authors_platform_username_key on authors (platform, lower(username))`.execute(db);

  const counter = (name: string, type: 'integer' | 'bigint' = 'integer') =>
    sql`${sql.ref(name)} ${sql.raw(type)} not null default 0 check (${sql.ref(name)} >= 0)`;
  await sql`
    create table posts (
      id bigint generated always as identity primary key,
      platform text not null check (${PLATFORM_CHECK}),
      external_id text not null,
      author_id bigint not null references authors (id),
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
      -- English stemming lets "rallying" find "rally"; stored so searches never re-parse text.
      search tsvector generated always as (to_tsvector('english', text)) stored,
      ingested_at timestamptz not null default now(),
      constraint posts_platform_external_id_key unique (platform, external_id),
      constraint posts_media_type_instagram check (media_type is null or platform = 'instagram'),
      constraint posts_reactions_facebook check (reactions is null or platform = 'facebook')
    )
  `.execute(db);

  // Every list query names one platform, so platform leads each btree. The trailing id makes
  // the order total: pages never repeat or skip a row among equal values, and the index still
  // answers it in either direction (descending is a backward scan).
  // - created_at: the default sort (newest first), date-range filters, and the newest-first
  //   branch per platform of a search without text.
  await sql`create index posts_platform_created_at_idx on posts (platform, created_at, id)`.execute(db);
  // - each sortable counter: sorting by it, either way, without sorting the platform's rows; its
  //   min/max filters become a range on the same index.
  for (const column of ['likes', 'comments', 'shares', 'views', 'replies', 'retweets']) {
    await sql`create index ${sql.id(`posts_platform_${column}_idx`)} on posts (platform, ${sql.ref(column)}, id)`.execute(db);
  }
  // - username filter: authors are matched first (a small table), then their posts by date.
  await sql`create index posts_author_created_at_idx on posts (author_id, created_at)`.execute(db);
  // GIN: the text search, and "contains $BTC" / "contains #eth" on the arrays.
  await sql`create index posts_search_idx on posts using gin (search)`.execute(db);
  await sql`create index posts_symbols_idx on posts using gin (symbols)`.execute(db);
  await sql`create index posts_hashtags_idx on posts using gin (hashtags)`.execute(db);

  // Rollups: written in the same transaction as the posts they count. Keys lead with the time
  // bucket because every analytics query reads a window of buckets, for one platform or all.
  await sql`
    create table platform_hourly_stats (
      hour timestamptz not null,
      platform text not null check (${PLATFORM_CHECK}),
      posts integer not null default 0,
      likes bigint not null default 0,
      comments bigint not null default 0,
      shares bigint not null default 0,
      views bigint not null default 0,
      replies bigint not null default 0,
      retweets bigint not null default 0,
      sentiment_sum double precision not null default 0,
      primary key (hour, platform)
    )
  `.execute(db);
  await sql`
    create table topic_hourly_stats (
      hour timestamptz not null,
      platform text not null check (${PLATFORM_CHECK}),
      topic text not null,
      mentions integer not null default 0,
      sentiment_sum double precision not null default 0,
      primary key (hour, platform, topic)
    )
  `.execute(db);
  await sql`
    create table topic_daily_stats (
      day date not null,
      platform text not null check (${PLATFORM_CHECK}),
      topic text not null,
      mentions integer not null default 0,
      sentiment_sum double precision not null default 0,
      primary key (day, platform, topic)
    )
  `.execute(db);
  await sql`
    create table topic_related_daily (
      day date not null,
      platform text not null check (${PLATFORM_CHECK}),
      topic text not null,
      symbol text not null,
      mentions integer not null default 0,
      -- Read for a handful of topics at a time (the trending ones), so the topic leads.
      primary key (topic, day, platform, symbol)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['topic_related_daily', 'topic_daily_stats', 'topic_hourly_stats', 'platform_hourly_stats', 'posts', 'authors']) {
    await db.schema.dropTable(table).execute();
  }
}
