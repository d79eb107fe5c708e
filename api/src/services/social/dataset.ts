import type { Dataset } from '@coinsight/contracts';
import { POST_CONTENT_COLUMNS, type Database, type Db } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { teamAccess } from '../teams/access.js';

/** Whose posts a read covers: the shared dataset, or one account's private posts. */
export type DatasetScope = { dataset: 'shared' } | { dataset: 'mine'; userId: string };

/** The scope of a parsed `dataset` parameter for this caller. */
export const scopeOf = (dataset: Dataset | undefined, userId: string): DatasetScope =>
  dataset === 'mine' ? { dataset: 'mine', userId } : { dataset: 'shared' };

/**
 * The scope of a read's `dataset` and `teamId` for this caller: `mine` is the caller's own posts,
 * or with `teamId` the team's (docs/accounts.md, "Teams"), after checking on this call that the
 * caller is a member whose role reads the team's data. A team the caller is not in is 404, as
 * everywhere in teams. /v1 has no `teamId`: a team key's caller is the team's account already.
 */
export async function datasetScope(
  deps: Pick<ServiceDeps, 'db'>,
  input: { dataset?: Dataset | undefined; teamId?: string | undefined },
  caller: SignedIn,
): Promise<DatasetScope> {
  if (input.teamId === undefined) return scopeOf(input.dataset, caller.userId);
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'readData' }, caller);
  return scopeOf(input.dataset, account.userId);
}

/**
 * What the post reads (lists, search, /v1/data, analyses, exports) select from. The shared
 * dataset is the database itself, so its reads, plans and indexes are exactly what they were.
 * An account's own dataset is the same queries over its private posts: common table expressions
 * named `posts` and `authors` shadow the two tables with that account's rows of `private_posts`
 * (the author is on the row), so every query is written once and an owner filter cannot be
 * forgotten. NOT MATERIALIZED lets PostgreSQL fold them into each query, where the owner and
 * the query's own filters meet the (user_id, platform, created_at, id) index.
 *
 * The cast is the one place the types are told: the expressions select every column the two
 * tables have, under their names and types.
 */
export function postsSource(db: Db, scope: DatasetScope): QueryCreator<Database> {
  if (scope.dataset === 'shared') return db;
  const { userId } = scope;
  return db
    .with(
      (cte) => cte('posts').notMaterialized(),
      (qb) =>
        qb
          .selectFrom('private_posts')
          .select([
            'id',
            'platform',
            'external_id',
            'id as author_id',
            'text',
            'created_at',
            ...POST_CONTENT_COLUMNS,
            'search',
            'ingested_at',
          ])
          .where('user_id', '=', userId),
    )
    .with(
      (cte) => cte('authors').notMaterialized(),
      (qb) =>
        qb
          .selectFrom('private_posts')
          .select([
            'id',
            'platform',
            'author_username as username',
            'author_display_name as display_name',
            'author_followers as followers',
            'ingested_at as created_at',
            'ingested_at as updated_at',
          ])
          .where('user_id', '=', userId),
    ) as unknown as QueryCreator<Database>;
}

/**
 * The one rule for pools of social reads: the shared dataset is read from the reads' pool (a
 * replica when READ_DATABASE_URL is set), and an account's own posts, which it may have just
 * uploaded or scraped, from the primary, so a read never misses what its owner just wrote.
 */
export const readPoolFor = (deps: Pick<ServiceDeps, 'db' | 'readDb'>, scope: DatasetScope): Db =>
  scope.dataset === 'shared' ? deps.readDb : deps.db;

/**
 * The same rule for a statement whose shape fixes its plan (an index walked in order, rows probed
 * by key): the shared dataset on generic plans when there is such a pool (docs/performance.md,
 * "Generic plans"). A statement whose best plan depends on its values stays on `readPoolFor`.
 */
export const fixedPlanPoolFor = (deps: Pick<ServiceDeps, 'db' | 'readDb' | 'genericDb'>, scope: DatasetScope): Db =>
  scope.dataset === 'shared' ? (deps.genericDb ?? deps.readDb) : deps.db;

/**
 * The pool of a walk of the search postings (postings-walk.ts), which hold the shared posts alone:
 * generic plans, as a fixed-plan read, but for two terms or more with no start to the window.
 * Those are planned per call, where PostgreSQL merges the terms' hour rows, each read in key
 * order; the generic pool rules merge joins out, and there each hour of the driving term looked
 * up the others' row by key, at about twice the time. Within a window the walk is short and the
 * planning cost more than it saved (docs/performance.md, "Several terms: planned per call").
 */
export const postingsPoolFor = (
  deps: Pick<ServiceDeps, 'db' | 'readDb' | 'genericDb'>,
  scope: DatasetScope,
  terms: readonly string[],
  since: Date | undefined,
): Db => (terms.length > 1 && !since ? readPoolFor(deps, scope) : fixedPlanPoolFor(deps, scope));

/** What a read of these posts selects from, on the pool the rule above gives it. */
export const postsSourceFor = (deps: Pick<ServiceDeps, 'db' | 'readDb'>, scope: DatasetScope): QueryCreator<Database> =>
  postsSource(readPoolFor(deps, scope), scope);
