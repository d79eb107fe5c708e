import { sql, type Kysely } from 'kysely';

// Instagram's filters (media type, "location contains") only ever hold values on Instagram posts,
// so the three columns are strongly correlated, and the planner multiplied their selectivities as if
// they were independent: at 10,000,000 posts it expected 32 videos in "lisbon" where there are
// 15,393, read all 61,841 Lisbon posts off the trigram index to sort them by likes, and took
// 813 ms. With these statistics it expects thousands, walks the (platform, likes, id) index and
// stops at the 25th match: 14 ms. ANALYZE samples a bounded number of rows, so it costs about a
// second whatever the table's size, and the statistics exist at once instead of at autovacuum's
// next visit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics posts_instagram_filters_stats (mcv, dependencies) on platform, media_type, (lower(location)) from posts`.execute(db);
  await sql`analyze posts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics if exists posts_instagram_filters_stats`.execute(db);
}
