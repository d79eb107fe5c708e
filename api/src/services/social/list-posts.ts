import type { ListQuery, PostPage, SocialPlatform } from '@coinsight/contracts';
import type { SignedIn } from '../caller.js';
import { readKey } from '../read-cache.js';
import { requireTrackedCoin } from './coin.js';
import { datasetScope } from './dataset.js';
import type { SocialDeps } from './deps.js';
import { readListPage } from './list/read-page.js';

/**
 * One page of a platform's posts with the total that matches (docs/product.md §7), read by the
 * list planner (list/choose.ts names its strategies, list/statements.ts holds their statements).
 *
 * With a read cache, an identical page asked again within its TTL (2 s) is answered from memory:
 * the first page of a busy platform is what most clients ask for at once.
 *
 * `dataset: 'mine'` reads the caller's own posts (see dataset.ts) with the same filters, order and
 * paging; those pages are never cached (the cache is shared by every caller) and are counted
 * rather than totalled from the rollups, which hold the shared dataset alone.
 */
export async function listPosts<P extends SocialPlatform>(
  deps: SocialDeps,
  { platform, query }: { platform: P; query: ListQuery<P> },
  caller: SignedIn,
): Promise<PostPage<P>> {
  await requireTrackedCoin(deps, { coin: query.coin });
  const scope = await datasetScope(deps, query, caller);
  if (!deps.reads || scope.dataset === 'mine') return readListPage(deps, { scope, platform, query });
  return deps.reads.get(readKey('list', [platform, query]), () => readListPage(deps, { scope, platform, query }));
}
