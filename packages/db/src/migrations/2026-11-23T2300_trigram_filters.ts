import { sql, type Kysely } from 'kysely';

// The list's "contains" filters (docs/product.md §7: username, Instagram location) match `lower(x) LIKE
// '%text%'`, which no B-tree can answer: each one read the whole platform. Trigram GIN indexes
// answer them from the index. pg_trgm is a contrib extension: PostgreSQL servers built without
// contrib skip the indexes (the filters still work, by scanning); PGlite loads it in its worker.
export async function up(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ ok: number }>`select 1 as ok from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index authors_username_trgm_idx on authors using gin (lower(username) gin_trgm_ops)`.execute(db);
  // Only Instagram posts have a location.
  await sql`create index posts_location_trgm_idx on posts using gin (lower(location) gin_trgm_ops) where location is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists posts_location_trgm_idx`.execute(db);
  await sql`drop index if exists authors_username_trgm_idx`.execute(db);
}
