import type { TaskQuery } from '@coinsight/contracts';
import type { Database, Db } from '@coinsight/db';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';

type PostsFrom = SelectQueryBuilder<Database, 'posts', object>;

/**
 * The posts a task's query covers: mentioning any of its symbols (the symbols array, GIN-indexed)
 * or any of its keywords (full text, English stemming), on its platforms, in [from, to).
 */
export function postsMatching(db: Db, query: TaskQuery): PostsFrom {
  let q = db.selectFrom('posts');
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
