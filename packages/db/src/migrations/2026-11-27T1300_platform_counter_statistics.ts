import { sql, type Kysely } from 'kysely';

// The counters each platform's list filters by (RANGE_FILTERS of the contracts, 27 November 2026).
const RANGES = {
  twitter: ['views', 'likes', 'replies'],
  instagram: ['likes', 'comments'],
  facebook: ['likes', 'comments', 'shares'],
  linkedin: ['views', 'likes', 'comments', 'shares'],
} as const;

const name = (platform: string, counter: string) => sql.raw(`posts_${platform}_${counter}_stats`);

// PostgreSQL keeps one distribution per column, over every platform: Facebook and Instagram
// posts have no views (0), so "views ≥ 100" is 48% of all posts but 78% of Twitter's, and the
// planner estimated 213,633 Twitter matches where there are 352,678 (1,000,000 posts). That
// estimate is the total a list shows past LIST_COUNT_CAP, and it decides between walking and
// sorting a page (api/src/services/social/list-posts.ts). Statistics on each platform's counter
// alone, as `case when platform = … then counter end` (null on the other platforms), give the
// planner that platform's own distribution: 351,317 estimated. The list's estimate writes its
// ranges with the same expression.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [platform, counters] of Object.entries(RANGES)) {
    for (const counter of counters) {
      await sql`
        create statistics ${name(platform, counter)}
          on ((case when platform = ${sql.lit(platform)} then ${sql.ref(counter)} end)) from posts
      `.execute(db);
    }
  }
  await sql`analyze posts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [platform, counters] of Object.entries(RANGES)) {
    for (const counter of counters) await sql`drop statistics if exists ${name(platform, counter)}`.execute(db);
  }
}
