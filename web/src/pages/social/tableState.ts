import {
  DEFAULT_SORT,
  LIST_FILTERS,
  SORT_COLUMNS,
  type ListQueryInput,
  type SocialPlatform,
  type SortOrder,
} from '@coinsight/contracts';

export interface SortState {
  sortBy: string;
  sortOrder: SortOrder;
}

/** Spec §4: the same column flips the direction; another column starts ascending. */
export function nextSort(current: SortState, column: string): SortState {
  if (current.sortBy === column) return { sortBy: column, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortOrder: 'asc' };
}

/** The table's query as the address holds it: unknown or blank parameters left out. */
export function queryFromParams<P extends SocialPlatform>(platform: P, params: URLSearchParams): ListQueryInput<P> {
  const query: Record<string, string> = {};
  for (const name of ['page', 'limit', 'sortBy', 'sortOrder', ...LIST_FILTERS[platform]]) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query as ListQueryInput<P>;
}

export function sortFromParams(platform: SocialPlatform, params: URLSearchParams): SortState {
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  return {
    sortBy: sortBy && (SORT_COLUMNS[platform] as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : DEFAULT_SORT.sortOrder,
  };
}
