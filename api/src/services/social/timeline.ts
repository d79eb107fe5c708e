import { SOCIAL_PLATFORMS, type AnalyticsPeriod, type SocialPlatform, type Timeline } from '@coinsight/contracts';
import { sql } from 'kysely';
import { readKey } from '../read-cache.js';
import type { SocialDeps } from './deps.js';
import { bucketsOf, meanOrNull } from './windows.js';

/**
 * Posts and mean sentiment per platform over a period, for charts: hourly buckets for 24h,
 * daily (UTC) otherwise, every bucket present (empty ones as 0 posts and no sentiment). The
 * last bucket holds `now` and is flagged partial.
 */
export async function socialTimeline(
  deps: SocialDeps,
  input: { period: AnalyticsPeriod; platform?: SocialPlatform | undefined },
): Promise<Timeline> {
  const { reads, readDb: db, ...uncached } = deps;
  const { period, platform } = input;
  if (reads)
    return reads.get(readKey('timeline', [period, platform ?? null]), () =>
      socialTimeline({ ...uncached, readDb: db }, { period, platform }),
    );
  const now = deps.now();
  const { w, granularity, first, buckets, partial } = bucketsOf(period, now);

  const bucket = granularity === 'hour' ? sql`hour` : sql`date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00')`;
  const rows = await sql<{ platform: SocialPlatform; bucket: Date; posts: number; sentiment_sum: number }>`
    select platform, ${bucket} as bucket, sum(posts)::int8 as posts, sum(sentiment_sum) as sentiment_sum
    from platform_hourly_stats
    where hour >= ${first} and hour < ${w.end} ${platform ? sql`and platform = ${platform}` : sql``}
    group by 1, 2
  `.execute(db);

  const index = new Map(buckets.map((t, i) => [t, i]));
  const platforms = platform ? [platform] : SOCIAL_PLATFORMS;
  const series = platforms.map((p) => ({
    platform: p,
    mentions: buckets.map(() => 0),
    sentiment: buckets.map((): number | null => null),
  }));
  for (const row of rows.rows) {
    const s = series.find((x) => x.platform === row.platform);
    const i = index.get(new Date(row.bucket).getTime());
    if (!s || i === undefined) continue;
    const posts = Number(row.posts);
    s.mentions[i] = posts;
    s.sentiment[i] = meanOrNull(Number(row.sentiment_sum), posts);
  }
  return { period, granularity, buckets: buckets.map((t) => new Date(t).toISOString()), partial, asOf: now.toISOString(), series };
}
