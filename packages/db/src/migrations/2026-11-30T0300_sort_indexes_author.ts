import { sql, type Kysely } from 'kysely';

const COUNTERS = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'] as const;
const SORTS = ['created_at', ...COUNTERS] as const;

/** What each sort's (platform, column, id) index included before, and includes now with the author. */
const included = (sort: (typeof SORTS)[number]) => (sort === 'created_at' ? COUNTERS : ['created_at', ...COUNTERS.filter((c) => c !== sort)]);
const oldName = (sort: string) => `posts_platform_${sort}_covering_idx`;
const newName = (sort: string) => `posts_platform_${sort}_walk_idx`;

// The sorts' (platform, column, id) indexes include the author too, beside the time and the
// counters: a page filtered by a handle (with dates and counter ranges or without) is walked off
// the sort's index and each entry checked against the handle's authors without reading its row.
// Before, the walk read a heap row per entry passed, or the planner read every post of the
// matching authors off the author index and sorted them (docs/performance.md, "A handle's posts").
// Each index grows by the author's 8 bytes an entry.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const sort of SORTS) {
    const columns = [...included(sort), 'author_id'];
    await sql`
      create index ${sql.raw(newName(sort))} on posts (platform, ${sql.ref(sort)}, id)
        include (${sql.join(columns.map((c) => sql.ref(c)))})
    `.execute(db);
    await sql`drop index ${sql.raw(oldName(sort))}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const sort of SORTS) {
    await sql`
      create index ${sql.raw(oldName(sort))} on posts (platform, ${sql.ref(sort)}, id)
        include (${sql.join(included(sort).map((c) => sql.ref(c)))})
    `.execute(db);
    await sql`drop index ${sql.raw(newName(sort))}`.execute(db);
  }
}
