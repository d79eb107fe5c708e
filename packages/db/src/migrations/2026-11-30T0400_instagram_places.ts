import { sql, type Kysely } from 'kysely';

// Instagram's "location contains" filter (services/social/list) reads the places that contain
// the text first, as a handle reads its authors, and then the posts at those places off a B-tree
// led by the place. The trigram index it replaces found the posts themselves: a bitmap of every
// match and a heap row per match counted (28–37 ms a count under load at 1,000,000 posts, ten
// times that at ten times the posts), where the B-tree counts up to the cap off its entries.
//
// `instagram_places` holds every lower-cased place an Instagram post of the shared dataset names.
// A statement-level trigger on `posts` keeps it: whatever writes posts (the importer's COPY and
// statement paths, the seed, an edit that moves a post), the places of the rows it wrote are
// added in the same statement, so no writer can leave a post at a place the filter cannot find.
// A place whose posts are all gone (retention) stays: it matches nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table instagram_places (place text primary key)`.execute(db);
  await sql`
    create function add_instagram_places() returns trigger language plpgsql as $$
    begin
      -- In the places' order: two imports adding the same new places lock them in one order, never crosswise.
      insert into instagram_places (place)
      select distinct lower(location) from written
      where platform = 'instagram' and location is not null
      order by 1
      on conflict (place) do nothing;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger posts_instagram_places_insert after insert on posts
    referencing new table as written for each statement execute function add_instagram_places()
  `.execute(db);
  await sql`
    create trigger posts_instagram_places_update after update on posts
    referencing new table as written for each statement execute function add_instagram_places()
  `.execute(db);
  await sql`
    insert into instagram_places (place)
    select distinct lower(location) from posts where platform = 'instagram' and location is not null
  `.execute(db);
  // Led by the place, then newest first: a place's posts in time order, with what the list's
  // sorts and Instagram's other filters read, so counting and sorting them reads no row. The
  // location itself is included too: PostgreSQL reads an expression index without the rows only
  // when the columns the expression names are in it (7.9 ms for a capped count without, heap rows).
  await sql`
    create index posts_instagram_place_idx on posts (lower(location), created_at, id)
      include (location, likes, comments, media_type, author_id) where platform = 'instagram' and location is not null
  `.execute(db);
  await sql`drop index if exists posts_instagram_location_trgm_idx`.execute(db);
  // The places that contain a text; skipped, as its model, on a server without pg_trgm
  // (migration 2026-11-23T2300_trigram_filters): the table is small enough to scan.
  const trigrams = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows.length > 0) await sql`create index instagram_places_trgm_idx on instagram_places using gin (place gin_trgm_ops)`.execute(db);
  await sql`analyze instagram_places`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trigrams = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows.length > 0)
    await sql`
      create index if not exists posts_instagram_location_trgm_idx on posts using gin (lower(location) gin_trgm_ops)
        where platform = 'instagram' and location is not null
    `.execute(db);
  await sql`drop index if exists posts_instagram_place_idx`.execute(db);
  await sql`drop trigger if exists posts_instagram_places_update on posts`.execute(db);
  await sql`drop trigger if exists posts_instagram_places_insert on posts`.execute(db);
  await sql`drop function if exists add_instagram_places()`.execute(db);
  await sql`drop table if exists instagram_places`.execute(db);
}
