import { sql, type Kysely } from 'kysely';

const PLATFORMS = ['twitter', 'instagram', 'facebook', 'linkedin'] as const;

// A list's handle filter reads the platform's authors whose handle contains the text before their
// posts (services/social/list). The one trigram index over every platform's handles was ANDed
// with the platform's 5,000 authors at 1,000,000 posts (1.6 ms for "alpha"); one index a platform
// answers alone (0.2–0.4 ms). Every read of a handle names its platform, so the index over all of
// them goes. Skipped, as its model, on a server without pg_trgm (migration 2026-11-23T2300_trigram_filters).
export async function up(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  for (const platform of PLATFORMS) {
    await sql`
      create index ${sql.raw(`authors_${platform}_username_trgm_idx`)} on authors using gin (lower(username) gin_trgm_ops)
        where platform = ${sql.lit(platform)}
    `.execute(db);
  }
  await sql`drop index authors_username_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (available.rows.length > 0) await sql`create index if not exists authors_username_trgm_idx on authors using gin (lower(username) gin_trgm_ops)`.execute(db);
  for (const platform of PLATFORMS) await sql`drop index if exists ${sql.raw(`authors_${platform}_username_trgm_idx`)}`.execute(db);
}
