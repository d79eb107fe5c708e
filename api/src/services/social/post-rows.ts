import type { Database } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
import { POST_COLUMNS, type PostRowOut } from './post-shapes.js';

/**
 * Posts by id, whole and in the order of `ids` (an id not found is left out), on a source whose
 * `posts` is the shared table or an account's own posts (dataset.ts): the last read of a search
 * page and of the topic and creator pages, once their ids are chosen.
 */
export async function postRowsInOrder(source: QueryCreator<Database>, ids: readonly number[]): Promise<PostRowOut[]> {
  if (ids.length === 0) return [];
  const rows = await source
    .selectFrom('posts')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .where('posts.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
