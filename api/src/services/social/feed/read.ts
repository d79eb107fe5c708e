import { SOCIAL_PLATFORMS, type Dataset, type SearchResult, type SocialPlatform } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type QueryCreator } from 'kysely';
import type { SignedIn } from '../../caller.js';
import { postsSourceFor, readPoolFor, scopeOf } from '../dataset.js';
import type { SocialDeps } from '../deps.js';
import { POST_COLUMNS, toSearchResult } from '../post-shapes.js';
import { parseSearchTerms } from '../search-terms.js';
import { matchingShare, type SearchParts } from '../term-frequency.js';
import { asTsquery, websearchQueryText } from '../tsquery.js';
import { chooseFeed, type FeedStrategy } from './choose.js';

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
  /** The shared dataset, or the caller's own posts ('mine', docs/security.md §24). */
  dataset?: Dataset;
}

/**
 * One page of posts, newest first, by keyset: each page starts strictly after the last post of
 * the one before in (created_at desc, id desc), a total order, so paging never repeats or skips
 * a post however many are added meanwhile (newer ones land before the first page, not inside the
 * walk). The feed planner (feed/choose.ts) picks how each platform's newest are found; they are
 * merged and cut in one statement however many platforms are asked, and only the page's rows are read whole.
 */
export async function postsFeed(
  deps: SocialDeps,
  query: FeedQuery,
  caller: SignedIn,
): Promise<{ data: SearchResult[]; next: FeedPosition | null }> {
  const scope = scopeOf(query.dataset, caller.userId);
  const terms = parseSearchTerms(query.q);
  const parts: SearchParts = {
    tsquery: terms.text ? await websearchQueryText(deps.readDb, terms.text) : null,
    symbols: [...new Set([...terms.symbols, ...(query.symbol ? [query.symbol] : [])])],
    hashtags: terms.hashtags,
  };
  // The statistics describe the shared posts; an account's own are few and left to the planner.
  const share = scope.dataset === 'shared' ? await matchingShare(deps.readDb, parts, deps.now().getTime()) : null;
  const strategy = chooseFeed(share);
  // The parts are written without the dataset's WITH (a union's branch cannot open with one):
  // `posts` in them names what the whole statement's WITH names, the account's own posts or the table.
  const part = readPoolFor(deps, scope);
  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const [first, ...others] = platforms.map((platform) => newestOf(part, { query, parts, strategy, platform }));
  const merged = others.reduce((union, next) => union.unionAll(next), first!);
  const pageIds = part
    .selectFrom(merged.as('m'))
    .select('m.id')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(query.limit + 1);
  const rows = await postsSourceFor(deps, scope)
    .selectFrom(pageIds.as('page'))
    .innerJoin('posts', 'posts.id', 'page.id')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select(sql<number>`(extract(epoch from posts.created_at) * 1000000)::int8`.as('micros'))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  return {
    data: data.map(toSearchResult),
    next: rows.length > query.limit && last ? { micros: Number(last.micros), id: Number(last.id) } : null,
  };
}

/** A platform's newest matches after the position, narrow (id and time), up to one past the page. */
function newestOf(
  part: QueryCreator<Database>,
  { query, parts, strategy, platform }: { query: FeedQuery; parts: SearchParts; strategy: FeedStrategy; platform: SocialPlatform },
) {
  let q = part.selectFrom('posts').where('posts.platform', '=', platform);
  if (query.from) q = q.where('posts.created_at', '>=', query.from);
  if (query.to) q = q.where('posts.created_at', '<', query.to);
  if (query.minLikes !== undefined) q = q.where('posts.likes', '>=', query.minLikes);
  if (parts.symbols.length > 0) q = q.where(sql<boolean>`posts.symbols @> ${parts.symbols}::text[]`);
  if (parts.hashtags.length > 0) q = q.where(sql<boolean>`posts.hashtags @> ${parts.hashtags}::text[]`);
  if (parts.tsquery !== null) q = q.where(sql<boolean>`posts.search @@ ${asTsquery(parts.tsquery)}`);
  if (query.after) {
    const { micros, id } = query.after;
    q = q.where(
      sql<boolean>`(posts.created_at, posts.id) < (timestamptz 'epoch' + ${micros}::int8 * interval '1 microsecond', ${id}::int8)`,
    );
  }
  const matches = q.select(['posts.id', 'posts.created_at']);
  const newest =
    strategy === 'feed-indexed'
      ? // OFFSET 0 keeps the matches a query of their own, planned without the order: through the GIN indexes.
        part
          .selectFrom(matches.offset(0).as('f'))
          .select(['f.id', 'f.created_at'])
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(query.limit + 1)
      : matches
          .orderBy('posts.created_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(query.limit + 1);
  return part.selectFrom(newest.as('n')).select(['n.id', 'n.created_at']);
}
