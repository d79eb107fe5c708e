import { sql, type Kysely } from 'kysely';

// Instagram's filters (media type, "location contains") only ever hold values on Instagram posts.
// At 10,000,000 posts, "video in lisbon, by likes" took 290–810 ms where it now takes about 50:
//
// - The three columns are strongly correlated, and the planner multiplied their selectivities as
//   if they were independent: it expected 32 matches where there are 15,393, so it read all
//   61,841 Lisbon posts off the trigram index to sort them by likes. Extended statistics let it
//   walk the (platform, likes, id) index instead and stop at the 25th match (813 → 21 ms).
// - The capped count then ANDed the trigram bitmap with a bitmap of every Instagram post (2,000,000
//   entries) taken from a (platform, …) index, 290 ms. A trigram index that holds Instagram posts
//   alone implies the platform, so nothing is ANDed (30 ms). Building it took 11 s at that size.
//
// ANALYZE samples a bounded number of rows (about a second whatever the table's size), so the
// statistics exist at once instead of at autovacuum's next visit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics posts_instagram_filters_stats (mcv, dependencies) on platform, media_type, (lower(location)) from posts`.execute(db);
  // pg_trgm may be missing (see 2026-11-23T2300_trigram_filters): then there is no index to replace.
  const trigrams = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows.length > 0) {
    await sql`drop index if exists posts_location_trgm_idx`.execute(db);
    await sql`create index posts_instagram_location_trgm_idx on posts using gin (lower(location) gin_trgm_ops) where platform = 'instagram' and location is not null`.execute(
      db,
    );
  }
  await sql`analyze posts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trigrams = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows.length > 0) {
    await sql`drop index if exists posts_instagram_location_trgm_idx`.execute(db);
    await sql`create index posts_location_trgm_idx on posts using gin (lower(location) gin_trgm_ops) where location is not null`.execute(db);
  }
  await sql`drop statistics if exists posts_instagram_filters_stats`.execute(db);
}
