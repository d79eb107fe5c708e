import { sql, type Kysely } from 'kysely';

/** Each platform's counters a list filters by range, and the other counters of its box, as the migration wrote them. */
const PLATFORMS = {
  twitter: { ranges: ['views', 'likes', 'replies'], counters: ['views', 'likes', 'replies', 'retweets'] },
  instagram: { ranges: ['likes', 'comments'], counters: ['likes', 'comments'] },
  facebook: { ranges: ['likes', 'comments', 'shares'], counters: ['likes', 'comments', 'shares'] },
  linkedin: { ranges: ['views', 'likes', 'comments', 'shares'], counters: ['views', 'likes', 'comments', 'shares'] },
} as const;

const name = (platform: string, counter: string) => `posts_${platform}_author_${counter}_idx`;

// A handle with a counter range and no narrow dates ("defi" and 250 likes or more) was counted
// off the author index: every post of the handle's authors, 22,000 entries for 1,095 matches at
// 1,000,000 posts (10 ms). Keyed by the author and then the counter, each author's matches are one
// range of entries: 2.1 ms for the same count (docs/performance.md, "A count's driver"). One index
// for each counter a platform filters by range, partial on the platform, so each post is in as many
// of these as its platform has range filters, and each includes what the count's walk checks
// and sorts by (services/social/list/statements.ts, `drivenWalk`). The platform is named as "none
// of the others": the walk says it so, and a generic plan then cannot take the platform's counter
// index instead (`notOtherPlatform` there says why).
export async function up(db: Kysely<unknown>): Promise<void> {
  const platforms = Object.keys(PLATFORMS);
  for (const [platform, { ranges, counters }] of Object.entries(PLATFORMS)) {
    const instagram = platform === 'instagram' ? [sql`media_type`, sql`location`] : [];
    const others = platforms.filter((other) => other !== platform).map((other) => sql.lit(other));
    for (const counter of ranges) {
      const carried = counters.filter((c) => c !== counter).map((c) => sql.ref(c));
      await sql`
        create index ${sql.raw(name(platform, counter))} on posts (author_id, ${sql.ref(counter)}, id)
          include (${sql.join([sql`created_at`, ...carried, ...instagram])}) where platform not in (${sql.join(others)})
      `.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [platform, { ranges }] of Object.entries(PLATFORMS))
    for (const counter of ranges) await sql`drop index if exists ${sql.raw(name(platform, counter))}`.execute(db);
}
