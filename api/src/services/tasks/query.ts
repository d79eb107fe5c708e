import type { TaskQuery } from '@coinsight/contracts';
import type { Database, Db } from '@coinsight/db';
import { postsSource, scopeOf } from '../social/dataset.js';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';

type PostsFrom = SelectQueryBuilder<Database, 'posts', object>;

/**
 * The posts a task's query covers: mentioning any of its symbols (the symbols array, GIN-indexed)
 * or any of its keywords (full text, English stemming), on its platforms, in [from, to), in the
 * dataset it names: shared (also when absent, as in tasks stored before datasets existed) or the
 * task owner's own posts.
 */
export function postsMatching(db: Db, query: TaskQuery, owner: string): PostsFrom {
  let q = postsSource(db, scopeOf(query.dataset, owner)).selectFrom('posts');
  if (query.platforms?.length) q = q.where('posts.platform', 'in', query.platforms);
  if (query.from) q = q.where('posts.created_at', '>=', new Date(query.from));
  if (query.to) q = q.where('posts.created_at', '<', new Date(query.to));
  const symbols = query.symbols ?? [];
  const keywords = query.keywords ?? [];
  if (symbols.length > 0 || keywords.length > 0) {
    q = q.where((eb: ExpressionBuilder<Database, 'posts'>) =>
      eb.or([
        ...(symbols.length > 0 ? [eb(sql`posts.symbols`, '&&', sql`${symbols}::text[]`)] : []),
        ...keywords.map((keyword) => eb(sql`posts.search`, '@@', sql`plainto_tsquery('english', ${keyword})`)),
      ]),
    );
  }
  return q;
}
