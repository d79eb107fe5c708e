import { sql, type Kysely } from 'kysely';

const COUNTERS = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'] as const;

// Each counter's (platform, counter, id) index now includes the other counters and created_at,
// so a list filtered by counters or dates and sorted by a counter is walked, or its matches read
// and sorted, off the index alone: before, every entry the walk passed was checked on its heap
// row. One draw at a time at 1,000,000 posts, the realistic counter filters' p95 went from 53.7
// to 11.4 ms; under load, 185–269 → 518–531 req/s. Each index is about 73 MB there (the narrow
// ones about 30 MB): the price is paid on every write of a post.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const counter of COUNTERS) {
    const others = ['created_at', ...COUNTERS.filter((c) => c !== counter)];
    await sql`
      create index ${sql.raw(`posts_platform_${counter}_covering_idx`)} on posts (platform, ${sql.ref(counter)}, id)
        include (${sql.join(others.map((c) => sql.ref(c)))})
    `.execute(db);
    await sql`drop index ${sql.raw(`posts_platform_${counter}_idx`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const counter of COUNTERS) {
    await sql`create index ${sql.raw(`posts_platform_${counter}_idx`)} on posts (platform, ${sql.ref(counter)}, id)`.execute(db);
    await sql`drop index ${sql.raw(`posts_platform_${counter}_covering_idx`)}`.execute(db);
  }
}
