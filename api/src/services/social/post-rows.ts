import type { Database } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
import { POST_COLUMNS, type PostRowOut } from './post-shapes.js';

/** A post as a page's choice names it: its id, and its time (the month of posts it is in). */
export interface PostRef {
  id: number;
  created_at: Date;
}

/**
 * Posts by id, whole and in the order of `refs` (one not found is left out), on a source whose
 * `posts` is the shared table or an account's own posts (dataset.ts): the last read of a search
 * page and of the topic and creator pages, once their posts are chosen. Their times let the
 * planner read only the months of posts they are in (docs/performance.md, "Time partitions").
 */
export async function postRowsInOrder(source: QueryCreator<Database>, refs: readonly PostRef[]): Promise<PostRowOut[]> {
  if (refs.length === 0) return [];
  const ids = refs.map((r) => r.id);
  const rows = await source
    .selectFrom('posts')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .where('posts.id', 'in', ids)
    .where(
      'posts.created_at',
      'in',
      [...new Set(refs.map((r) => r.created_at.getTime()))].map((t) => new Date(t)),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
