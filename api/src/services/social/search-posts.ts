import type { SearchQuery, SearchResults } from '@coinsight/contracts';
import type { SignedIn } from '../caller.js';
import { readKey } from '../read-cache.js';
import { datasetScope } from './dataset.js';
import type { SocialDeps } from './deps.js';
import { readSearch } from './search/read.js';

/**
 * Searches posts in a date range (docs/product.md §7): words through the stored tsvector
 * (English stemming), $cashtags through the symbols array and #hashtags through the hashtags
 * array, all of them required; read by the search planner (search/choose.ts names its
 * strategies, search/statements.ts holds their statements). `dataset: 'mine'` searches the
 * caller's own posts (see dataset.ts), never through the cache all callers share: the same
 * shared search within READ_CACHE_TTL_MS (a burst of clients, "load more" re-asking page 1) is
 * answered once.
 */
export async function searchPosts(deps: SocialDeps, query: SearchQuery, caller: SignedIn): Promise<SearchResults> {
  const scope = await datasetScope(deps, query, caller);
  if (!deps.reads || scope.dataset === 'mine') return readSearch(deps, { scope, query });
  return deps.reads.get(readKey('search', query), () => readSearch(deps, { scope, query }));
}
