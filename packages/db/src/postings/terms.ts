// The search postings (docs/performance.md, "Search postings"): for each platform, term and hour,
// the posts holding the term, with their time and their rank for the term alone. A term is a
// lexeme of `search` as it is stored ('bitcoin'), a coin ('$BTC') or a hashtag ('#defi'); lexemes
// never start with '$' or '#', so the three never collide.

/**
 * A lexeme as a one-lexeme tsquery, quoted as the tsquery parser reads it (a quote doubled, a
 * backslash escaped), so `ts_rank(search, <it>)` is what a search for the word alone ranks.
 */
const LEXEME_QUERY = `('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

/**
 * Each term of a post `p` once, with its rank: `t.term`, `t.rank`. Written as text so the
 * importer's COPY path (plain SQL on a pg client) and the Kysely paths use the same terms.
 */
export const POST_TERMS_SQL = `cross join lateral (
  select l as term, ts_rank(p.search, ${LEXEME_QUERY}) as rank from unnest(tsvector_to_array(p.search)) l
  union all
  select distinct '$' || s, 0::real from unnest(p.symbols) s
  union all
  select distinct '#' || h, 0::real from unnest(p.hashtags) h
) t`;

/**
 * The likes bands a posting carries (docs/performance.md, "Likes bands in the postings"): a post's
 * band is how many of these bounds its likes reach, 0 below the first, so a floor's band decides
 * a posting above or below it without reading the post, and only the floor's own band is read.
 */
export const LIKES_BANDS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
] as const;

/** The band of a number of likes, as likesBandSql computes it (`width_bucket` over LIKES_BANDS). */
export const likesBand = (likes: number): number => LIKES_BANDS.filter((bound) => bound <= likes).length;

/** The fewest likes of a band: the bound it starts at, 0 for band 0. */
export const likesBandStart = (band: number): number => (band === 0 ? 0 : LIKES_BANDS[band - 1]!);

/** The band of the likes `likes` (an int4 expression), in SQL. */
export const likesBandSql = (likes: string): string => `width_bucket(${likes}, '{${LIKES_BANDS.join(',')}}'::int4[])::int2`;

/** The hour bucket of a post `p`, as the rollups' (rollups/buckets.ts). */
export const POST_HOUR_SQL = `date_bin('1 hour', p.created_at, timestamptz '2000-01-01 00:00:00+00')`;

/** The UTC day of a post `p`, as the daily rollups' (rollups/buckets.ts). */
export const POST_DAY_SQL = `(p.created_at at time zone 'UTC')::date`;

/**
 * Adds the postings of the posts whose ids `ids` (a query of one column `id`) selects, and their
 * days' counts; they must not be in the postings yet. The ids are read once as an array, so each
 * month of posts is probed by its primary key for them (a join could read the months whole). Keys
 * are written in order, so two imports lock rows in the same order and wait rather than deadlock:
 * the postings' rows first, then the days' (a WITH's INSERT that nothing reads runs after the
 * statement's own).
 */
export const addPostingsSql = (ids: string): string => `
  with added as materialized (
    select p.platform, t.term, ${POST_HOUR_SQL} as hour, array_agg(p.id) as ids, array_agg(p.created_at) as times, array_agg(t.rank) as ranks,
           array_agg(${likesBandSql('p.likes')}) as bands
    from posts p ${POST_TERMS_SQL}
    where p.id = any(array(${ids}))
    group by 1, 2, 3
  ), days as (
    insert into search_term_days (platform, term, day, posts)
    select platform, term, (hour at time zone 'UTC')::date, sum(cardinality(ids)) from added group by 1, 2, 3 order by 1, 2, 3
    on conflict (platform, term, day) do update set posts = search_term_days.posts + excluded.posts
  )
  insert into search_postings (platform, term, hour, ids, times, ranks, bands)
  select platform, term, hour, ids, times, ranks, bands from added
  order by 1, 2, 3
  on conflict (platform, term, hour) do update set
    ids = search_postings.ids || excluded.ids,
    times = search_postings.times || excluded.times,
    ranks = search_postings.ranks || excluded.ranks,
    bands = search_postings.bands || excluded.bands
`;

/**
 * Takes the posts whose ids `ids` selects out of the postings of their terms as stored now, and
 * out of their days' counts: run before their text or time changes. A row left empty (or a day
 * counted down to 0) stays (readers find nothing in it; the drift check and a rebuild treat it as
 * absent).
 */
export const removePostingsSql = (ids: string): string => `
  with gone as materialized (select id from (${ids}) g(id)),
  gone_terms as materialized (
    select p.platform, t.term, ${POST_HOUR_SQL} as hour, ${POST_DAY_SQL} as day
    from posts p ${POST_TERMS_SQL}
    where p.id = any(array(select id from gone))
  ),
  -- Locked in key order, as addPostingsSql writes them, so an import adding to the same rows waits rather than deadlocks.
  keys as materialized (
    select sp.platform, sp.term, sp.hour from search_postings sp
    where (sp.platform, sp.term, sp.hour) in (select platform, term, hour from gone_terms)
    order by 1, 2, 3
    for update
  ),
  day_keys as materialized (
    select d.platform, d.term, d.day from search_term_days d
    where (d.platform, d.term, d.day) in (select platform, term, day from gone_terms)
    order by 1, 2, 3
    for update
  ),
  days as (
    update search_term_days d set posts = d.posts - g.n
    from (select platform, term, day, count(*) as n from gone_terms group by 1, 2, 3) g, day_keys k
    where d.platform = g.platform and d.term = g.term and d.day = g.day
      and k.platform = g.platform and k.term = g.term and k.day = g.day
  )
  update search_postings sp set (ids, times, ranks, bands) = (
    select coalesce(array_agg(u.i order by u.n), '{}'), coalesce(array_agg(u.t order by u.n), '{}'), coalesce(array_agg(u.r order by u.n), '{}'),
           coalesce(array_agg(u.b order by u.n), '{}')
    from unnest(sp.ids, sp.times, sp.ranks, sp.bands) with ordinality u(i, t, r, b, n)
    where u.i not in (select id from gone)
  )
  from keys k
  where sp.platform = k.platform and sp.term = k.term and sp.hour = k.hour
`;

/**
 * Every post's postings, from nothing (the table must be empty), written in key order so each
 * term's rows lie side by side (postings/order.ts); ALL_TERM_DAYS_SQL adds them up after.
 */
export const ALL_POSTINGS_SQL = `
  insert into search_postings (platform, term, hour, ids, times, ranks, bands)
  select p.platform, t.term, ${POST_HOUR_SQL}, array_agg(p.id), array_agg(p.created_at), array_agg(t.rank), array_agg(${likesBandSql('p.likes')})
  from posts p ${POST_TERMS_SQL}
  group by 1, 2, 3
  order by 1, 2, 3
`;

/** Every term's days, from the postings (the table must be empty): whole hours added up, a far smaller input than the posts. */
export const ALL_TERM_DAYS_SQL = `
  insert into search_term_days (platform, term, day, posts)
  select platform, term, (hour at time zone 'UTC')::date, sum(cardinality(ids))
  from search_postings
  group by 1, 2, 3
  having sum(cardinality(ids)) > 0
`;
