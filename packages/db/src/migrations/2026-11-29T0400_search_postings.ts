import { sql, type Kysely } from 'kysely';

// The search postings (docs/performance.md, "Search postings"). Frozen in time: the statement
// that fills them is spelled out here rather than imported from postings/terms.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_postings (
      platform text not null,
      term text not null,
      hour timestamptz not null,
      ids bigint[] not null,
      times timestamptz[] not null,
      ranks real[] not null,
      primary key (platform, term, hour)
    )
  `.execute(db);
  await sql`set local work_mem = '256MB'`.execute(db);
  await sql`
    insert into search_postings (platform, term, hour, ids, times, ranks)
    select p.platform, t.term, date_bin('1 hour', p.created_at, timestamptz '2000-01-01 00:00:00+00'), array_agg(p.id), array_agg(p.created_at), array_agg(t.rank)
    from posts p cross join lateral (
      select l as term, ts_rank(p.search, ('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''')::tsquery) as rank
      from unnest(tsvector_to_array(p.search)) l
      union all
      select distinct '$' || s, 0::real from unnest(p.symbols) s
      union all
      select distinct '#' || h, 0::real from unnest(p.hashtags) h
    ) t
    group by 1, 2, 3
  `.execute(db);
  await sql`analyze search_postings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table search_postings`.execute(db);
}
