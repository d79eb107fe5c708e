import type { Database } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
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
export async function resolveContains(db: QueryCreator<Database>, f: ListFacts): Promise<ListFacts> {
  if (f.scope.dataset !== 'shared') return f;
  const [authors, places] = await Promise.all([
    f.username ? authorsMatching(db, f.platform, f.username).execute() : undefined,
    f.location && f.platform === 'instagram' ? placesMatching(db, f.location).execute() : undefined,
  ]);
  return {
    ...f,
    ...(authors && authors.length <= AUTHOR_IDS_CAP ? { authorIds: authors.map((row) => Number(row.id)) } : {}),
    ...(places && places.length <= PLACES_CAP ? { places: places.map((row) => row.place) } : {}),
  };
}

/** Whether a "contains" filter read first matched nothing: then no post matches. */
export const containsNothing = (f: ListFacts): boolean => f.authorIds?.length === 0 || f.places?.length === 0;
