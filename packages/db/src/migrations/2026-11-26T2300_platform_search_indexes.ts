import { sql, type Kysely } from 'kysely';

// Search (docs/product.md §7) always asks one platform at a time: each platform's newest matches and its
// capped count. With only the table-wide GIN indexes on `search`, `symbols` and `hashtags`, the
// planner ANDed a term's bitmap with a bitmap of every post of the platform taken from a
// (platform, …) btree: at 1,000,000 posts, counting "etf" on Twitter over 90 days read 450,000
// btree entries to keep 6,000 (39 ms, more than the heap it then visited). A GIN index holding
// one platform's posts implies the platform, so the term's bitmap is all it reads (6 ms).
// The table-wide indexes stay for the reads across platforms (alerts, mentions, task queries).
// Building the twelve took 6 s at 1,000,000 posts (maintenance_work_mem 256 MB).
const PLATFORMS = ['twitter', 'instagram', 'facebook', 'linkedin'] as const;
const COLUMNS = ['search', 'symbols', 'hashtags'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const platform of PLATFORMS) {
    for (const column of COLUMNS) {
      await sql`create index ${sql.id(`posts_${platform}_${column}_idx`)} on posts using gin (${sql.id(column)}) where platform = ${sql.lit(platform)}`.execute(
        db,
      );
    }
  }
  await sql`analyze posts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const platform of PLATFORMS) {
    for (const column of COLUMNS) await sql`drop index if exists ${sql.id(`posts_${platform}_${column}_idx`)}`.execute(db);
  }
}
