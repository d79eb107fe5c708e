import { sql, type Kysely } from 'kysely';

// Instagram's lists filtered by media type or "location contains" with more than 1,000 matches
// walk the sort's index and check both on the way (services/social/list-posts.ts). These
// Instagram-only indexes, one per sort column, include both and the other sort keys, so the walk
// reads no row: "image in Austin", newest first, page 8, read 10,829 entries in 2.7 ms where the
// trigram index and the heap took 23.8 ms. About 12 MB each at 1,000,000 posts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index posts_instagram_created_at_covering_idx on posts (created_at, id)
      include (likes, comments, media_type, location) where platform = 'instagram'
  `.execute(db);
  await sql`
    create index posts_instagram_likes_covering_idx on posts (likes, id)
      include (created_at, comments, media_type, location) where platform = 'instagram'
  `.execute(db);
  await sql`
    create index posts_instagram_comments_covering_idx on posts (comments, id)
      include (created_at, likes, media_type, location) where platform = 'instagram'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists posts_instagram_created_at_covering_idx`.execute(db);
  await sql`drop index if exists posts_instagram_likes_covering_idx`.execute(db);
  await sql`drop index if exists posts_instagram_comments_covering_idx`.execute(db);
}
