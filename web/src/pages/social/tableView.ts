import {
  LIST_FILTERS,
  TABLE_COLUMNS,
  type DownloadFormat,
  type SavedViewState,
  type SocialPlatform,
  type SortOrder,
} from '@coinsight/contracts';

/** The address parameter of the columns a table hides, comma-separated (`?hide=views,retweets`). */
export const HIDE_PARAM = 'hide';

/** The table's hidden columns as the address holds them: its own columns only. */
export function hiddenColumnsFromParams(platform: SocialPlatform, params: URLSearchParams): string[] {
  const hidden = (params.get(HIDE_PARAM) ?? '').split(',');
  return (TABLE_COLUMNS[platform] as readonly string[]).filter((column) => hidden.includes(column));
}

/** What a saved view keeps of the address: filters, sort, dataset, hidden columns (never the page). */
export function viewStateFromParams(platform: SocialPlatform, params: URLSearchParams): SavedViewState {
  const filters = Object.fromEntries(LIST_FILTERS[platform].flatMap((name) => (params.get(name) ? [[name, params.get(name) ?? '']] : [])));
  const sortBy = params.get('sortBy') || undefined;
  const sortOrder = (params.get('sortOrder') || undefined) as SortOrder | undefined;
  return {
    filters,
    ...(sortBy ? { sortBy } : {}),
    ...(sortOrder ? { sortOrder } : {}),
    ...(params.get('dataset') === 'mine' ? { dataset: 'mine' as const } : {}),
    hiddenColumns: hiddenColumnsFromParams(platform, params),
  };
}

/** The address a saved view opens: its state, from the first page. */
export function paramsFromViewState(state: SavedViewState): URLSearchParams {
  const params = new URLSearchParams(state.filters);
  if (state.sortBy) params.set('sortBy', state.sortBy);
  if (state.sortOrder) params.set('sortOrder', state.sortOrder);
  if (state.dataset === 'mine') params.set('dataset', 'mine');
  if (state.hiddenColumns.length > 0) params.set(HIDE_PARAM, state.hiddenColumns.join(','));
  return params;
}

/** The download of what the table shows: its filters, sort, dataset and visible columns, as a file. */
export function downloadPath(platform: SocialPlatform, params: URLSearchParams, format: DownloadFormat): string {
  const state = viewStateFromParams(platform, params);
  const query = new URLSearchParams(state.filters);
  if (state.sortBy) query.set('sortBy', state.sortBy);
  if (state.sortOrder) query.set('sortOrder', state.sortOrder);
  if (state.dataset) query.set('dataset', state.dataset);
  query.set('format', format);
  if (state.hiddenColumns.length > 0) {
    const shown = (TABLE_COLUMNS[platform] as readonly string[]).filter((column) => !state.hiddenColumns.includes(column));
    query.set('columns', shown.join(','));
  }
  return `/api/social/${platform}/download?${query.toString()}`;
}

/**
 * The task form, opened as an Export task of what an export can take of the table's filter: its
 * platform, coin, dates and dataset (an export has no username, counter or Instagram filters).
 */
export function exportTaskPath(platform: SocialPlatform, params: URLSearchParams): string {
  const query = new URLSearchParams({ type: 'export', platforms: platform });
  const coin = params.get('coin')?.replace(/^\$/, '').toUpperCase();
  if (coin) query.set('symbols', coin);
  const from = params.get('startDate');
  const to = params.get('endDate');
  if (from) query.set('from', from.slice(0, 10));
  if (to) query.set('to', to.slice(0, 10));
  if (params.get('dataset') === 'mine') query.set('dataset', 'mine');
  return `/tasks?${query.toString()}`;
}
