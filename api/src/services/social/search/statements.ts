import { SEARCH_COUNT_CAP, type SocialPlatform } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type AliasedSelectQueryBuilder, type QueryCreator, type RawBuilder } from 'kysely';
import { asTsquery } from '../tsquery.js';
import type { SearchParts } from '../term-frequency.js';

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

/** A statement counting the rows of a (capped) subquery. */
const rowsCounted = (s: SearchScope, rows: AliasedSelectQueryBuilder<object, 'm'>) =>
  s.db.selectFrom(rows).select((eb) => eb.fn.countAll<string | number>().as('n'));

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

/**
 * `newest` and `ranked-indexed`: the platform's matches newest first, [skip, skip + take), read
 * narrow (id, time, rank): from its (platform, created_at) index, or, for a rare match, from the
 * GIN indexes and a small sort, as the planner sees fit.
 */
export const newestCandidates = async (s: SearchScope, platform: SocialPlatform, skip: number, take: number): Promise<Candidate[]> =>
  (
    await matching(s, platform)
      .select(['posts.id', 'posts.created_at'])
      .select(rankOf(s))
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .offset(skip)
      .limit(take)
      .execute()
  ).map((row) => ({ id: Number(row.id), created_at: row.created_at, rank: Number(row.rank) }));
