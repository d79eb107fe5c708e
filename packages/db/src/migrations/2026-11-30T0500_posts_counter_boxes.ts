import { sql, type Kysely } from 'kysely';

/** Each platform's sortable counters, in its table's order: the box's dimensions (services/social/list/statements.ts, `boxCounters`). */
const BOXES = {
  twitter: ['views', 'likes', 'replies', 'retweets'],
  instagram: ['likes', 'comments'],
  facebook: ['likes', 'comments', 'shares'],
  linkedin: ['views', 'likes', 'comments', 'shares'],
} as const;

// A list page filtered on one counter and sorted by another, walked away from its range
// ("likes at least 50, fewest views first"), read every post before its first match off the
// sort's index, or every match to sort them: in proportion to the platform. Each platform's
// posts as points in the space of its counters, in a GiST index (the cube extension), answer the
// range as a box and the order as the index's nearest-first walk along one coordinate
// (docs/performance.md, "The counter box"). cube is a contrib extension: a server without contrib
// skips the indexes, and the lists keep their other strategies; PGlite loads it in its worker.
export async function up(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ ok: number }>`select 1 as ok from pg_available_extensions where name = 'cube'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists cube`.execute(db);
  for (const [platform, counters] of Object.entries(BOXES)) {
    await sql`
      create index ${sql.raw(`posts_${platform}_counters_box_idx`)} on posts
        using gist (cube(array[${sql.join(counters.map((c) => sql.ref(c)))}]::float8[]))
        where platform = ${sql.lit(platform)}
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const platform of Object.keys(BOXES)) await sql`drop index if exists ${sql.raw(`posts_${platform}_counters_box_idx`)}`.execute(db);
}
