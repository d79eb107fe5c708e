import { SOCIAL_PLATFORMS, type AnalyticsPeriod, type PlatformSummaries, type SocialPlatform } from '@coinsight/contracts';
import { sql } from 'kysely';
import { readKey } from '../read-cache.js';
import type { SocialDeps } from './deps.js';
import { meanSentiment, percentChange, periodWindow } from './windows.js';

/**
 * Per platform over a period (docs/product.md §3 platform summary), from the hourly rollup: at most
 * 2,160 rows a platform, whatever the number of posts. Followers come from the authors table,
 * each author counted once.
 */
export async function platformSummaries(deps: SocialDeps, input: { period: AnalyticsPeriod }): Promise<PlatformSummaries> {
  const { reads, readDb: db, ...uncached } = deps;
  const { period } = input;
  // At most READ_CACHE_TTL_MS old when cached (a test pinning the clock leaves `reads` out).
  if (reads) return reads.get(readKey('summaries', [period]), () => platformSummaries({ ...uncached, readDb: db }, { period }));
  const w = periodWindow(period, deps.now());
  const from = w.start < w.prev24 ? w.start : w.prev24;
  const [stats, followers] = await Promise.all([
    db
      .selectFrom('platform_hourly_stats')
      .select([
        'platform',
        sql<number>`coalesce(sum(posts) filter (where hour >= ${w.start}), 0)::int8`.as('mentions'),
        sql<number>`coalesce(sum(likes + comments + shares + replies + retweets) filter (where hour >= ${w.start}), 0)::int8`.as(
          'engagement',
        ),
        sql<number>`coalesce(sum(sentiment_sum) filter (where hour >= ${w.start}), 0)`.as('sentiment_sum'),
        sql<number>`coalesce(sum(posts) filter (where hour >= ${w.last24}), 0)::int8`.as('last24'),
        sql<number>`coalesce(sum(posts) filter (where hour >= ${w.prev24} and hour < ${w.last24}), 0)::int8`.as('prev24'),
      ])
      .where('hour', '>=', from)
      .where('hour', '<', w.end)
      .groupBy('platform')
      .execute(),
    db
      .selectFrom('authors')
      .select(['platform', sql<number>`coalesce(sum(followers), 0)::int8`.as('followers')])
      .groupBy('platform')
      .execute(),
  ]);
  const byPlatform = new Map(stats.map((s) => [s.platform, s]));
  const followersOf = new Map(followers.map((f) => [f.platform, Number(f.followers)]));
  return {
    period,
    platforms: SOCIAL_PLATFORMS.map((platform: SocialPlatform) => {
      const s = byPlatform.get(platform);
      const mentions = Number(s?.mentions ?? 0);
      return {
        platform,
        followers: followersOf.get(platform) ?? 0,
        engagement: Number(s?.engagement ?? 0),
        sentiment: meanSentiment(Number(s?.sentiment_sum ?? 0), mentions),
        mentions,
        change24h: percentChange(Number(s?.last24 ?? 0), Number(s?.prev24 ?? 0)),
      };
    }),
  };
}
