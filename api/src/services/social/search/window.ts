import { SEARCH_COUNT_CAP, SOCIAL_PLATFORMS, type SocialPlatform } from '@coinsight/contracts';
import { sql, type RawBuilder } from 'kysely';
import { platformsOf } from '../postings-walk.js';
import { POST_COLUMNS, type PostRowOut } from '../post-shapes.js';
import { ceilHour, floorHour, type CutHour } from '../term-count.js';
import { splitCounts, type PostingsScope } from './postings.js';

// A search of the shared posts with no term (search/choose.ts, `rollup-count` and `newest-window`):
// every post of the window matches, so the count is the platform's hourly rollups (exact: the
// importer keeps them in the posts' transaction and the drift check compares them) and the rows
// are each platform's newest off its (platform, created_at, id) index, merged, in one statement.

/** The window's whole hours [from, to) (an open end unbounded) and the parts of hours it cuts. */
function windowHours(since: Date | undefined, until: Date | undefined): { from?: Date; to?: Date; cut: CutHour[] } {
  if (since && until && ceilHour(since) > floorHour(until)) return { cut: [{ from: since, to: until, inclusive: true }] };
  const from = since ? ceilHour(since) : undefined;
  const to = until ? floorHour(until) : undefined;
  const cut = [
    ...(since && from && since < from ? [{ from: since, to: from, inclusive: false }] : []),
    ...(until && to ? [{ from: to, to: until, inclusive: true }] : []),
  ];
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), cut };
}

/**
 * `rollup-count`: each platform's posts in [since, until] as JSON `{platform: n}`: the newest 24
 * whole hours when they already pass the cap, else every whole hour and the cut hours' posts
 * counted off the time index.
 */
function rollupCounts(since: Date | undefined, until: Date | undefined): RawBuilder<Partial<Record<SocialPlatform, number | string>>> {
  const { from, to, cut } = windowHours(since, until);
  const hours = sql.join(
    [sql`h.platform = p.platform`, ...(from ? [sql`h.hour >= ${from}`] : []), ...(to ? [sql`h.hour < ${to}`] : [])],
    sql` and `,
  );
  const cuts = cut.map(
    (c) =>
      sql` + (select count(*) from posts where posts.platform = p.platform and posts.created_at >= ${c.from} and ${c.inclusive ? sql`posts.created_at <= ${c.to}` : sql`posts.created_at < ${c.to}`})`,
  );
  return sql`(select json_object_agg(p.platform, case when w.newest > ${SEARCH_COUNT_CAP} then w.newest else (
      select coalesce(sum(h.posts), 0) from platform_hourly_stats h where ${hours}
    )${sql.join(cuts, sql``)} end)
    from ${platformsOf(SOCIAL_PLATFORMS)} cross join lateral (
      select coalesce(sum(n.posts), 0) as newest from (
        select h.posts from platform_hourly_stats h where ${hours} order by h.hour desc limit 24
      ) n
    ) w)`;
}

/** The search's window on `posts`, both ends inclusive. */
const inWindow = (since: Date | undefined, until: Date | undefined) =>
  sql.join(
    [
      sql`posts.platform = p.platform`,
      ...(since ? [sql`posts.created_at >= ${since}`] : []),
      ...(until ? [sql`posts.created_at <= ${until}`] : []),
    ],
    sql` and `,
  );

/**
 * `newest-window` with `rollup-count`: rows [from, to) of the platforms' posts in the window,
 * newest first, whole, and each platform's count on each row; null counts when the page is empty.
 */
export async function windowPage(
  s: PostingsScope,
  platforms: readonly SocialPlatform[],
  range: { from: number; to: number },
): Promise<{ rows: PostRowOut[]; counts: Map<SocialPlatform, number> | null }> {
  const page = sql<{ id: number; created_at: Date }>`(
    select c.id, c.created_at from ${platformsOf(platforms)} cross join lateral (
      select posts.id, posts.created_at from posts where ${inWindow(s.startDate, s.endDate)}
      order by posts.created_at desc, posts.id desc limit ${range.to}
    ) c
    order by c.created_at desc, c.id desc offset ${range.from} limit ${range.to - range.from}
  )`.as('page');
  const rows = await s.db
    .selectFrom(page)
    // On the post's time too, so each row is probed in its own month alone (docs/performance.md, "Time partitions").
    .innerJoin('posts', (join) => join.onRef('posts.id', '=', 'page.id').onRef('posts.created_at', '=', 'page.created_at'))
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select(rollupCounts(s.startDate, s.endDate).as('counts'))
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
  return splitCounts(rows);
}

/** `rollup-count` alone, for a page with no row. */
export async function windowCounts(s: PostingsScope): Promise<Map<SocialPlatform, number>> {
  const counts = rollupCounts(s.startDate, s.endDate);
  const { rows } = await sql<{ counts: Partial<Record<SocialPlatform, number | string>> }>`select ${counts} as counts`.execute(s.db);
  const counted = rows[0]?.counts ?? {};
  return new Map(SOCIAL_PLATFORMS.map((platform) => [platform, Number(counted[platform] ?? 0)]));
}
