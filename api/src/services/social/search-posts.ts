import { SOCIAL_PLATFORMS, type SearchQuery, type SearchResults, type SocialPlatform } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';
import { POST_COLUMNS, toSearchResult, type PostRowOut } from './post-shapes.js';
import { parseSearchTerms } from './search-terms.js';

/** How many of each platform's newest matches are ranked when the query has words. */
export const RELEVANCE_CANDIDATES = 200;

/**
 * Searches posts in a date range (spec §7): words through the stored tsvector (English
 * stemming), $cashtags through the symbols array and #hashtags through the hashtags array, all
 * of them required. With words, the most relevant of the recent matches come first (ranking
 * every match of a word as common as "bitcoin" would read most of the table); otherwise the
 * newest.
 */
export async function searchPosts({ db }: Pick<ServiceDeps, 'db'>, query: SearchQuery): Promise<SearchResults> {
  const terms = parseSearchTerms(query.q);
  const tsquery = terms.text ? sql`websearch_to_tsquery('english', ${terms.text})` : undefined;

  const branch = (platform: SocialPlatform) => {
    let q = db
      .selectFrom('posts')
      .innerJoin('authors', 'authors.id', 'posts.author_id')
      .select(POST_COLUMNS)
      .where('posts.platform', '=', platform);
    if (query.startDate) q = q.where('posts.created_at', '>=', query.startDate);
    if (query.endDate) q = q.where('posts.created_at', '<=', query.endDate);
    if (terms.symbols.length > 0) q = q.where(sql<boolean>`posts.symbols @> ${terms.symbols}::text[]`);
    if (terms.hashtags.length > 0) q = q.where(sql<boolean>`posts.hashtags @> ${terms.hashtags}::text[]`);
    if (tsquery) q = q.where(sql<boolean>`posts.search @@ ${tsquery}`);
    return q;
  };

  // Each platform's newest matches come from its (platform, created_at) index (or, for a rare
  // word, from the GIN index and a small sort), instead of sorting every match of a common word.
  // With words, the newest RELEVANCE_CANDIDATES per platform are then ranked by relevance.
  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const perPlatform = await Promise.all(
    platforms.map((platform) =>
      branch(platform)
        .select(tsquery ? sql<number>`ts_rank(posts.search, ${tsquery})`.as('rank') : sql<number>`0`.as('rank'))
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(tsquery ? RELEVANCE_CANDIDATES : query.limit)
        .execute(),
    ),
  );
  const newest = (a: PostRowOut, b: PostRowOut) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;
  const rows: PostRowOut[] = perPlatform
    .flat()
    .sort((a, b) => b.rank - a.rank || newest(a, b))
    .slice(0, query.limit);
  return { data: rows.map(toSearchResult) };
}
