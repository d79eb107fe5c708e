import { SOCIAL_PLATFORMS, type Dataset, type SearchResult, type SocialPlatform } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { postsSource, scopeOf } from './dataset.js';
import { POST_COLUMNS, toSearchResult } from './post-shapes.js';
import { parseSearchTerms } from './search-terms.js';
import { websearchQuery } from './tsquery.js';

/**
 * A position in the newest-first order: the post's created_at in microseconds since the epoch
 * (timestamptz's own resolution, so no two distinct instants collapse) and its id.
 */
export interface FeedPosition {
  micros: number;
  id: number;
}

export interface FeedQuery {
  platform?: SocialPlatform;
  /** Explorer search text: words for full-text search, $cashtags, #hashtags. */
  q?: string;
  /** A ticker every post must name. */
  symbol?: string;
  minLikes?: number;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
  /** Continue after this post. */
  after?: FeedPosition;
  /** The shared dataset, or the caller's own posts ('mine', checklist 24). */
  dataset?: Dataset;
}

/**
 * One page of posts, newest first, by keyset: each page starts strictly after the last post of
 * the one before in (created_at desc, id desc), a total order, so paging never repeats or skips
 * a post however many are added meanwhile (newer ones land before the first page, not inside the
 * walk). Each platform's page comes from its (platform, created_at, id) index, then they merge.
 */
export async function postsFeed(
  deps: Pick<ServiceDeps, 'db'>,
  query: FeedQuery,
  caller: SignedIn,
): Promise<{ data: SearchResult[]; next: FeedPosition | null }> {
  const db = postsSource(deps.db, scopeOf(query.dataset, caller.userId));
  const terms = parseSearchTerms(query.q);
  const symbols = [...new Set([...terms.symbols, ...(query.symbol ? [query.symbol] : [])])];
  const tsquery = terms.text ? await websearchQuery(deps.db, terms.text) : undefined;
  const page = (platform: SocialPlatform) => {
    let q = db.selectFrom('posts').innerJoin('authors', 'authors.id', 'posts.author_id').where('posts.platform', '=', platform);
    if (query.from) q = q.where('posts.created_at', '>=', query.from);
    if (query.to) q = q.where('posts.created_at', '<', query.to);
    if (query.minLikes !== undefined) q = q.where('posts.likes', '>=', query.minLikes);
    if (symbols.length > 0) q = q.where(sql<boolean>`posts.symbols @> ${symbols}::text[]`);
    if (terms.hashtags.length > 0) q = q.where(sql<boolean>`posts.hashtags @> ${terms.hashtags}::text[]`);
    if (tsquery) q = q.where(sql<boolean>`posts.search @@ ${tsquery}`);
    if (query.after) {
      const { micros, id } = query.after;
      q = q.where(
        sql<boolean>`(posts.created_at, posts.id) < (timestamptz 'epoch' + ${micros}::int8 * interval '1 microsecond', ${id}::int8)`,
      );
    }
    return q
      .select(POST_COLUMNS)
      .select(sql<number>`(extract(epoch from posts.created_at) * 1000000)::int8`.as('micros'))
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(query.limit + 1)
      .execute();
  };
  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const rows = (await Promise.all(platforms.map(page)))
    .flat()
    .sort((a, b) => b.micros - a.micros || b.id - a.id)
    .slice(0, query.limit + 1);
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  return {
    data: data.map(toSearchResult),
    next: rows.length > query.limit && last ? { micros: Number(last.micros), id: Number(last.id) } : null,
  };
}
