import { sql, type Kysely } from 'kysely';

/**
 * Which model scored each post's sentiment. Rows stored so far were scored by plain VADER; the
 * default is dropped afterwards so that every later write names its model, and
 * `db:reanalyze --outdated` can find the posts an older model scored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column sentiment_model text not null default 'vader'`.execute(db);
  await sql`alter table posts alter column sentiment_model drop default`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop column sentiment_model`.execute(db);
}
