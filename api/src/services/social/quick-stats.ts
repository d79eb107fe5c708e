import type { QuickStats } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput } from '../caller.js';
import { readKey } from '../read-cache.js';
import type { SocialDeps } from './deps.js';

/** All-time totals for the social welcome page, from the hourly rollup. */
export async function quickStats(deps: SocialDeps, input: NoInput): Promise<QuickStats> {
  const { reads, ...uncached } = deps;
  if (reads) return reads.get(readKey('quick-stats'), () => quickStats(uncached, input));
  const row = await deps.readDb
    .selectFrom('platform_hourly_stats')
    .select([
      sql<number>`coalesce(sum(posts), 0)::int8`.as('posts'),
      sql<number>`coalesce(sum(likes), 0)::int8`.as('likes'),
      sql<number>`coalesce(sum(comments), 0)::int8`.as('comments'),
      sql<number>`coalesce(sum(shares), 0)::int8`.as('shares'),
    ])
    .executeTakeFirstOrThrow();
  return { posts: Number(row.posts), likes: Number(row.likes), comments: Number(row.comments), shares: Number(row.shares) };
}
