import {
  DEFAULT_SORT,
  LIST_FILTERS,
  listQuerySchema,
  SORT_COLUMNS,
  type ListQueryInput,
  type SocialPlatform,
  type SortOrder,
} from '@coinsight/contracts';

export interface SortState {
  sortBy: string;
  sortOrder: SortOrder;
}

/** docs/product.md §4: the same column flips the direction; another column starts ascending. */
export function nextSort(current: SortState, column: string): SortState {
  if (current.sortBy === column) return { sortBy: column, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortOrder: 'asc' };
}

/** The table's query as the address holds it: unknown or blank parameters left out. */
export function queryFromParams(platform: SocialPlatform, params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ['page', 'limit', 'sortBy', 'sortOrder', 'dataset', 'teamId', ...LIST_FILTERS[platform]]) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query;
}

/** A parameter the schema refused, and why, in the words the web app uses for it. */
export interface QueryProblem {
  field: string;
  message: string;
}

export type CheckedQuery<P extends SocialPlatform> = { ok: true; query: ListQueryInput<P> } | { ok: false; problem: QueryProblem };

/**
 * The address's query checked with the schema the server uses, before any request: a malformed
 * filter is named at once instead of coming back as a failed load.
 */
export function checkQuery<P extends SocialPlatform>(platform: P, query: Record<string, string>): CheckedQuery<P> {
  const parsed = listQuerySchema(platform, 'labels').safeParse(query);
  if (isAccepted<P>(query, parsed.success)) return { ok: true, query };
  const issue = parsed.error?.issues[0];
  return { ok: false, problem: { field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Check the filters' } };
}

/** What the platform's schema accepted is, by that check, an input of its procedure. */
function isAccepted<P extends SocialPlatform>(
  _query: Record<string, string>,
  accepted: boolean,
): _query is Record<string, string> & ListQueryInput<P> {
  return accepted;
}

export function sortFromParams(platform: SocialPlatform, params: URLSearchParams): SortState {
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  return {
    sortBy: sortBy && (SORT_COLUMNS[platform] as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : DEFAULT_SORT.sortOrder,
  };
}
