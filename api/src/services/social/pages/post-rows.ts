import type { SearchResult } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { POST_COLUMNS, toSearchResult } from '../post-shapes.js';

/** Shared posts by id, whole and in the order of `ids`, as search results. */
export async function postsInOrder(db: Db, ids: readonly number[]): Promise<SearchResult[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .where('posts.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSearchResult(row)] : [];
  });
}

/** A bucket's mean sentiment, four decimals; none for an empty bucket. */
export const bucketSentiment = (sum: number, count: number): number | null =>
  count > 0 ? Math.round((sum / count) * 10_000) / 10_000 : null;
