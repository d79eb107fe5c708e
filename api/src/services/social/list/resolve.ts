import type { Database } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
import { readKey, type ReadCache } from '../../read-cache.js';
import type { ListFacts } from './facts.js';
import { AUTHOR_IDS_CAP, authorsMatching, PLACES_CAP, placesMatching } from './statements.js';

/**
 * A shared list's "contains" filters read as what they contain, before the posts
 * (docs/performance.md, "A handle's posts" and "An Instagram place's posts"): a handle as its
 * authors' ids when there are at most AUTHOR_IDS_CAP of them, a location as its places when there
 * are at most PLACES_CAP. The statements then name them, which the planner weighs on the columns'
 * statistics and an index answers entry by entry: a sort's index, which includes the author, and
 * the places' index. A text matching more narrows little, and is matched in the statements
 * themselves; so is an account's own dataset, whose authors and places are its posts.
 */
export async function resolveContains(db: QueryCreator<Database>, f: ListFacts, reads?: ReadCache): Promise<ListFacts> {
  if (f.scope.dataset !== 'shared') return f;
  // Kept in the read cache (2 s) like the pages they serve: a new author or place joins a
  // handle's or a location's filter within the time a new post takes to show in the lists.
  const kept = <T extends object>(key: unknown[], read: () => Promise<T>) =>
    reads ? reads.get(readKey('list-contains', key), read) : read();
  const [authors, places] = await Promise.all([
    f.username
      ? kept(['authors', f.platform, f.username], async () => ({
          ids: (await authorsMatching(db, f.platform, f.username!).execute()).map((row) => Number(row.id)),
        }))
      : undefined,
    f.location && f.platform === 'instagram'
      ? kept(['places', f.location], async () => ({
          names: (await placesMatching(db, f.location!).execute()).map((row) => row.place),
        }))
      : undefined,
  ]);
  return {
    ...f,
    ...(authors && authors.ids.length <= AUTHOR_IDS_CAP ? { authorIds: authors.ids } : {}),
    ...(places && places.names.length <= PLACES_CAP ? { places: places.names } : {}),
  };
}

/** Whether a "contains" filter read first matched nothing: then no post matches. */
export const containsNothing = (f: ListFacts): boolean => f.authorIds?.length === 0 || f.places?.length === 0;
