import { sql, type Kysely } from 'kysely';

// Each search term's posts per platform and UTC day (docs/performance.md, "Search postings"),
// beside the postings they add up: a count over a long window reads a row a day. Frozen in time:
// filled from the postings as they are now, not through postings/terms.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_term_days (
      platform text not null,
      term text not null,
      day date not null,
      posts int not null,
      primary key (platform, term, day)
    )
  `.execute(db);
  await sql`set local work_mem = '256MB'`.execute(db);
  await sql`
    insert into search_term_days (platform, term, day, posts)
    select platform, term, (hour at time zone 'UTC')::date, sum(cardinality(ids))
    from search_postings
    group by 1, 2, 3
    having sum(cardinality(ids)) > 0
  `.execute(db);
  await sql`analyze search_term_days`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table search_term_days`.execute(db);
}
