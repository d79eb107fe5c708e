import { sql, type Kysely } from 'kysely';

// Frozen in time: the columns, checks, indexes and statistics of posts as the migrations before
// this one left them (26 November – 29 November 2026), spelled out rather than imported.
const PLATFORM_CHECK = sql`platform in ('twitter', 'instagram', 'facebook', 'linkedin')`;
const COUNTERS = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'] as const;
const COPIED = [
  'id',
  'platform',
  'external_id',
  'author_id',
  'text',
  'created_at',
  ...COUNTERS,
  'media_type',
  'location',
  'reactions',
  'hashtags',
  'symbols',
  'sentiment',
  'ingested_at',
  'sentiment_model',
].join(', ');

const counter = (name: string) =>
  sql`${sql.ref(name)} ${sql.raw(name === 'views' ? 'bigint' : 'integer')} not null default 0
      constraint ${sql.id(`posts_${name}_check`)} check (${sql.ref(name)} >= 0)`;

// No identity column: PostgreSQL 15 has none on a partitioned table (17 has). The id comes from
// post_keys, which claims it once per (platform, external_id) whatever month the post moves to.
const CREATE_POSTS = sql`
  create table posts (
    id bigint not null,
    platform text not null constraint posts_platform_check check (${PLATFORM_CHECK}),
    external_id text not null,
    author_id bigint not null,
    text text not null,
    created_at timestamptz not null,
    ${sql.join(COUNTERS.map(counter))},
    media_type text constraint posts_media_type_check check (media_type in ('image', 'video', 'carousel')),
    location text,
    reactions jsonb,
    hashtags text[] not null default '{}',
    symbols text[] not null default '{}',
    sentiment real not null constraint posts_sentiment_check check (sentiment >= 0 and sentiment <= 1),
    search tsvector generated always as (to_tsvector('english', text)) stored,
    ingested_at timestamptz not null default now(),
    sentiment_model text not null,
    constraint posts_media_type_instagram check (media_type is null or platform = 'instagram'),
    constraint posts_reactions_facebook check (reactions is null or platform = 'facebook')
  ) partition by range (created_at)
`;

// A month's partition is created on first need (the importer, seeding, this migration). Makers
// queue on a SHARE UPDATE EXCLUSIVE lock on posts (it conflicts with itself, not with reads or
// writes), so two importers needing the same month create it once: a relation lock also brings
// the catalog up to date, where after an advisory lock the second still missed the first's table
// and failed with duplicate_table. The parent's extended statistics are made on the month too,
// since the planner estimates each partition's rows from its own.
const ENSURE_MONTHS = sql`
  create function posts_ensure_months(times timestamptz[]) returns void language plpgsql as $$
  declare
    month timestamptz;
    part text;
    stat record;
  begin
    for month in select distinct date_trunc('month', t, 'UTC') from unnest(times) t where t is not null order by 1 loop
      part := 'posts_' || to_char(month at time zone 'UTC', 'YYYY_MM');
      continue when to_regclass(quote_ident(part)) is not null;
      lock table posts in share update exclusive mode;
      continue when to_regclass(quote_ident(part)) is not null;
      execute format('create table %I partition of posts for values from (%L) to (%L)',
        part, month, date_trunc('month', month + interval '32 days', 'UTC'));
      for stat in
        select s.stxname, pg_get_statisticsobjdef_columns(s.oid) as columns,
               array_remove(array[case when 'd' = any (s.stxkind) then 'dependencies' end,
                                   case when 'f' = any (s.stxkind) then 'ndistinct' end,
                                   case when 'm' = any (s.stxkind) then 'mcv' end], null) as kinds
        from pg_statistic_ext s where s.stxrelid = 'posts'::regclass
      loop
        execute format('create statistics %I %s on %s from %I',
          replace(stat.stxname, 'posts_', part || '_'),
          case when cardinality(stat.kinds) > 0 then '(' || array_to_string(stat.kinds, ', ') || ')' else '' end,
          stat.columns, part);
      end loop;
    end loop;
  end $$
`;

const INDEXES = [
  'create index posts_search_idx on posts using gin (search)',
  'create index posts_symbols_idx on posts using gin (symbols)',
  'create index posts_hashtags_idx on posts using gin (hashtags)',
  `create index posts_instagram_location_trgm_idx on posts using gin (lower(location) gin_trgm_ops) where platform = 'instagram' and location is not null`,
  ...['twitter', 'instagram', 'facebook', 'linkedin'].flatMap((p) =>
    ['search', 'symbols', 'hashtags'].map((c) => `create index posts_${p}_${c}_idx on posts using gin (${c}) where platform = '${p}'`),
  ),
  `create index posts_platform_created_at_covering_idx on posts (platform, created_at, id) include (${COUNTERS.join(', ')})`,
  `create index posts_author_covering_idx on posts (author_id, created_at, id) include (platform, ${COUNTERS.join(', ')})`,
  `create index posts_instagram_created_at_covering_idx on posts (created_at, id) include (likes, comments, media_type, location) where platform = 'instagram'`,
  `create index posts_instagram_likes_covering_idx on posts (likes, id) include (created_at, comments, media_type, location) where platform = 'instagram'`,
  `create index posts_instagram_comments_covering_idx on posts (comments, id) include (created_at, likes, media_type, location) where platform = 'instagram'`,
  ...COUNTERS.map(
    (c) =>
      `create index posts_platform_${c}_covering_idx on posts (platform, ${c}, id) include (created_at, ${COUNTERS.filter((o) => o !== c).join(', ')})`,
  ),
];

const COUNTER_STATISTICS = {
  twitter: ['views', 'likes', 'replies'],
  instagram: ['likes', 'comments'],
  facebook: ['likes', 'comments', 'shares'],
  linkedin: ['views', 'likes', 'comments', 'shares'],
} as const;

const STATISTICS = [
  'create statistics posts_instagram_filters_stats (dependencies, mcv) on platform, media_type, lower(location) from posts',
  ...Object.entries(COUNTER_STATISTICS).flatMap(([p, counters]) =>
    counters.map((c) => `create statistics posts_${p}_${c}_stats on ((case when platform = '${p}' then ${c} end)) from posts`),
  ),
];

/**
 * posts, partitioned by month of created_at (docs/performance.md, "Time partitions"): a read with
 * a date window scans the window's months, and retention drops whole months. A partitioned
 * table's unique constraints must hold the partition key, so the primary key is (id, created_at),
 * and the global uniqueness of (platform, external_id) the importer dedupes on, with the id it
 * hands out, moves to post_keys. Ids, rows and postings stay as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_keys (
      platform text not null check (${PLATFORM_CHECK}),
      external_id text not null,
      id bigint generated always as identity unique,
      primary key (platform, external_id)
    )
  `.execute(db);
  // Where retention has cut the posts (partitions/retention.ts): the rollups keep the hours before,
  // and the lists' totals, summed from them, start here. One row at most.
  await sql`create table posts_retention (one boolean primary key default true check (one), kept_from timestamptz not null)`.execute(db);
  await sql`insert into post_keys (platform, external_id, id) overriding system value select platform, external_id, id from posts order by id`.execute(db);
  // The next id is the one the old identity would have given: no id is ever handed out twice.
  await sql`
    do $$ declare next bigint; begin
      execute format('select case when is_called then last_value + 1 else last_value end from %s', pg_get_serial_sequence('posts', 'id')) into next;
      execute format('alter table post_keys alter column id restart with %s', next);
    end $$
  `.execute(db);

  await sql`alter table posts rename to posts_unpartitioned`.execute(db);
  // Names are the schema's: the old table's statistics go first, its indexes with it at the end.
  for (const name of await statisticsOf(db, 'posts_unpartitioned')) await sql`drop statistics ${sql.id(name)}`.execute(db);
  await CREATE_POSTS.execute(db);
  for (const statement of STATISTICS) await sql.raw(statement).execute(db);
  await ENSURE_MONTHS.execute(db);
  await sql`select posts_ensure_months(array(select distinct date_trunc('month', created_at, 'UTC') from posts_unpartitioned))`.execute(db);
  await sql.raw(`insert into posts (${COPIED}) select ${COPIED} from posts_unpartitioned order by created_at, id`).execute(db);
  await sql`drop table posts_unpartitioned`.execute(db);

  await sql`alter table posts add constraint posts_pkey primary key (id, created_at)`.execute(db);
  await sql`alter table posts add constraint posts_author_id_fkey foreign key (author_id) references authors (id)`.execute(db);
  await createIndexes(db);
  await sql`analyze posts, post_keys`.execute(db);
}

// pg_trgm may be missing (see 2026-11-23T2300_trigram_filters): then there is no trigram index.
async function createIndexes(db: Kysely<unknown>): Promise<void> {
  const trigrams = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  for (const statement of INDEXES) {
    if (!statement.includes('gin_trgm_ops') || trigrams.rows.length > 0) await sql.raw(statement).execute(db);
  }
}

async function statisticsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select stxname as name from pg_statistic_ext where stxrelid = to_regclass(${table})
  `.execute(db);
  return rows.map((r) => r.name);
}

/** Back to one table with its identity (the indexes and statistics as the migrations before made them). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts rename to posts_partitioned`.execute(db);
  for (const name of await statisticsOf(db, 'posts_partitioned')) await sql`drop statistics ${sql.id(name)}`.execute(db);
  await sql`create table posts (like posts_partitioned including defaults including constraints including generated)`.execute(db);
  await sql.raw(`insert into posts (${COPIED}) select ${COPIED} from posts_partitioned order by id`).execute(db);
  await sql`drop table posts_partitioned`.execute(db);
  await sql`drop function posts_ensure_months(timestamptz[])`.execute(db);
  await sql`alter table posts alter column id add generated always as identity`.execute(db);
  await sql`select setval(pg_get_serial_sequence('posts', 'id'), (select coalesce(max(id), 0) + 1 from post_keys), false)`.execute(db);
  await sql`drop table post_keys, posts_retention`.execute(db);
  await sql`alter table posts add primary key (id), add constraint posts_platform_external_id_key unique (platform, external_id)`.execute(db);
  await sql`alter table posts add constraint posts_author_id_fkey foreign key (author_id) references authors (id)`.execute(db);
  await createIndexes(db);
  for (const statement of STATISTICS) await sql.raw(statement).execute(db);
  await sql`analyze posts`.execute(db);
}
