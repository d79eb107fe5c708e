import { SEARCH_COUNT_CAP, type SocialPlatform } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type AliasedSelectQueryBuilder, type QueryCreator, type RawBuilder } from 'kysely';
import { POST_COLUMNS, type PostRowOut } from '../post-shapes.js';
import { asTsquery } from '../tsquery.js';
import type { SearchParts } from '../term-frequency.js';
import { RELEVANCE_CANDIDATES } from './choose.js';

// The statements of the search strategies (search/choose.ts), on a source whose `posts` is the
// shared table or an account's own posts (dataset.ts).
type Source = QueryCreator<Database>;

/** A search's source, window and parts. */
export interface SearchScope {
  db: Source;
  startDate?: Date;
  endDate?: Date;
  parts: SearchParts;
}

export type RankedRow = PostRowOut & { rank: number };
export interface Candidate {
  id: number;
  created_at: Date;
  rank: number;
}

/** What every match must hold, on a source named `posts`. */
function required({ parts }: SearchScope): RawBuilder<boolean>[] {
  return [
    ...(parts.symbols.length > 0 ? [sql<boolean>`posts.symbols @> ${parts.symbols}::text[]`] : []),
    ...(parts.hashtags.length > 0 ? [sql<boolean>`posts.hashtags @> ${parts.hashtags}::text[]`] : []),
    ...(parts.tsquery !== null ? [sql<boolean>`posts.search @@ ${asTsquery(parts.tsquery)}`] : []),
  ];
}

const rankOf = ({ parts }: SearchScope) =>
  parts.tsquery !== null ? sql<number>`ts_rank(posts.search, ${asTsquery(parts.tsquery)})`.as('rank') : sql<number>`0`.as('rank');

/** The platform's posts in the window. */
function inWindow(s: SearchScope, platform: SocialPlatform) {
  let q = s.db.selectFrom('posts').where('posts.platform', '=', platform);
  if (s.startDate) q = q.where('posts.created_at', '>=', s.startDate);
  if (s.endDate) q = q.where('posts.created_at', '<=', s.endDate);
  return q;
}

const matching = (s: SearchScope, platform: SocialPlatform) =>
  required(s).reduce((q, condition) => q.where(condition), inWindow(s, platform));

/**
 * The platform's matches newest first, rows [skip, skip + take): from its (platform, created_at)
 * index, or, for a rare word, from the GIN index and a small sort, as the planner sees fit.
 */
export const newestMatches = (s: SearchScope, platform: SocialPlatform, skip: number, take: number): Promise<RankedRow[]> =>
  matching(s, platform)
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select(rankOf(s))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .offset(skip)
    .limit(take)
    .execute();

/** A statement counting the rows of a (capped) subquery. */
const rowsCounted = (s: SearchScope, rows: AliasedSelectQueryBuilder<object, 'm'>) =>
  s.db.selectFrom(rows).select((eb) => eb.fn.countAll<string | number>().as('n'));

/** The window's first `rows` index entries: fewer when the window holds fewer. */
const windowUpTo = (s: SearchScope, platform: SocialPlatform, rows: number) => inWindow(s, platform).select('posts.id').limit(rows).as('m');

/** How many index entries the window holds, up to `rows`. */
export const windowRows = async (s: SearchScope, platform: SocialPlatform, rows: number): Promise<number> =>
  Number((await rowsCounted(s, windowUpTo(s, platform, rows)).executeTakeFirstOrThrow()).n);

/** The window's `rows` newest posts, newest first, read off the (platform, created_at) index with what the matching needs. */
const newestRows = (s: SearchScope, platform: SocialPlatform, rows: number) =>
  inWindow(s, platform)
    .select(['posts.id', 'posts.created_at', 'posts.search', 'posts.symbols', 'posts.hashtags'])
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(rows);

/** `walk-count`: the matches among the window's `rows` newest posts, up to SEARCH_COUNT_CAP + 1, and the window's rows up to `rows`. */
export async function walkedCount(s: SearchScope, platform: SocialPlatform, rows: number): Promise<{ n: number; windowRows: number }> {
  const matches = required(s).reduce(
    (q, condition) => q.where(condition),
    s.db.selectFrom(newestRows(s, platform, rows).as('posts')).select(sql<number>`1`.as('one')),
  );
  const counted = await s.db
    .selectNoFrom([
      rowsCounted(s, matches.limit(SEARCH_COUNT_CAP + 1).as('m')).as('n'),
      rowsCounted(s, windowUpTo(s, platform, rows)).as('window_rows'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(counted.n), windowRows: Number(counted.window_rows) };
}

/** `index-count`: the planner's count of the matches, up to SEARCH_COUNT_CAP + 1 (every post has its author: no join). */
export const indexCount = async (s: SearchScope, platform: SocialPlatform): Promise<number> =>
  Number(
    (
      await rowsCounted(
        s,
        matching(s, platform)
          .select('posts.id')
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      ).executeTakeFirstOrThrow()
    ).n,
  );

/** `ranked-walked`: the relevance candidates among the window's `rows` newest posts, read narrow (id, time, rank). */
export const walkedCandidates = (s: SearchScope, platform: SocialPlatform, rows: number): Promise<Candidate[]> =>
  required(s)
    .reduce((q, condition) => q.where(condition), s.db.selectFrom(newestRows(s, platform, rows).as('posts')))
    .select(['posts.id', 'posts.created_at'])
    .select(rankOf(s))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(RELEVANCE_CANDIDATES)
    .execute();

/** `ranked-indexed`: the relevance candidates as the planner finds them (the GIN indexes for a rare match). */
export const indexedCandidates = (s: SearchScope, platform: SocialPlatform): Promise<Candidate[]> =>
  matching(s, platform)
    .select(['posts.id', 'posts.created_at'])
    .select(rankOf(s))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(RELEVANCE_CANDIDATES)
    .execute();

/** The page's rows, whole, by id. */
export async function rowsById(s: SearchScope, ids: number[]): Promise<Map<number, RankedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await s.db
    .selectFrom('posts')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select(sql<number>`0`.as('rank'))
    .where('posts.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
