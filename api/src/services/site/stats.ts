import type { SiteStats } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';

const CACHE_MS = 60_000;
const cache = new WeakMap<Db, { at: number; stats: Promise<SiteStats> }>();

/**
 * Counted from the database, not typed into a page. Posts are summed from the hourly rollup,
 * which is written in the same transaction as the posts it counts: exact, without scanning the
 * posts table on every landing-page visit. The answer is reused for a minute.
 */
export function siteStats(deps: Pick<ServiceDeps, 'db' | 'now'>, _input: NoInput): Promise<SiteStats> {
  const { db } = deps;
  const now = deps.now().getTime();
  const cached = cache.get(db);
  if (cached && now - cached.at < CACHE_MS) return cached.stats;
  const stats = countStats(db);
  cache.set(db, { at: now, stats });
  // A failed count is not remembered: the next visitor asks again.
  stats.catch(() => cache.delete(db));
  return stats;
}

async function countStats(db: Db): Promise<SiteStats> {
  const [assets, posts] = await Promise.all([
    db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('platform_hourly_stats')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('posts'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { assetsTracked: Number(assets.count), postsStored: Number(posts.total) };
}
