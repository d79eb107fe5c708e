import { Readable } from 'node:stream';
import {
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_OFFSET,
  type DownloadFormat,
  type SearchDownloadQuery,
  type SearchResult,
} from '@coinsight/contracts';
import type { SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { csvOf } from '../../tasks/export.js';
import type { SocialDeps } from '../deps.js';
import { searchPosts } from '../search-posts.js';
import { TOO_MANY_DOWNLOADS } from './limits.js';
import { DOWNLOAD_CONTENT_TYPES, type PostDownload } from './posts.js';

/** The explorer's results as CSV headers: what its result cards show. */
export const SEARCH_CSV_HEADERS = [
  'platform',
  'id',
  'username',
  'text',
  'createdAt',
  'likes',
  'comments',
  'shares',
  'views',
  'retweets',
  'sentiment',
] as const;

const csvValuesOf = (result: SearchResult) => ({ ...result, id: result._id, username: result.userRef.username });

/**
 * The explorer's search as a file: its results in its order, every one "load more" can reach
 * (the search's own bound, MAX_SEARCH_OFFSET + a page, well under DOWNLOAD_ROW_LIMIT), read with
 * the search itself (searchPosts, a page of MAX_SEARCH_LIMIT at a time), so the file holds
 * exactly what the explorer lists. `truncated` when more match than the search reaches.
 */
export async function downloadSearch(
  deps: SocialDeps & Pick<ServiceDeps, 'limits'>,
  query: SearchDownloadQuery,
  caller: SignedIn,
): Promise<PostDownload> {
  await deps.limits.downloadsByUser.consume(caller.userId, TOO_MANY_DOWNLOADS);
  // A search download is of the shared dataset or the caller's own (no team's: the Explorer offers none for one).
  const { format, ...rest } = query;
  const search = { ...rest, teamId: undefined };
  const first = await searchPosts(deps, { ...search, limit: MAX_SEARCH_LIMIT, offset: 0 }, caller);
  const day = deps.now().toISOString().slice(0, 10);
  async function* pages(): AsyncGenerator<SearchResult[]> {
    let page = first;
    yield page.data;
    while (page.nextOffset !== null) {
      page = await searchPosts(deps, { ...search, limit: MAX_SEARCH_LIMIT, offset: page.nextOffset }, caller);
      yield page.data;
    }
  }
  return {
    filename: `search-results${search.dataset === 'mine' ? '-mine' : ''}-${day}.${format}`,
    contentType: DOWNLOAD_CONTENT_TYPES[format],
    // Known before the file only when one page holds every result.
    rows: first.nextOffset === null ? first.data.length : null,
    truncated: first.totalCapped || first.total > MAX_SEARCH_REACH,
    stream: Readable.from(fileOf(pages(), format)),
  };
}

/** How many results "load more" reaches at most. */
const MAX_SEARCH_REACH = MAX_SEARCH_OFFSET + MAX_SEARCH_LIMIT;

async function* fileOf(pages: AsyncGenerator<SearchResult[]>, format: DownloadFormat): AsyncGenerator<string> {
  yield format === 'csv' ? csvOf([], SEARCH_CSV_HEADERS, true) : '[';
  let written = 0;
  for await (const results of pages) {
    if (results.length === 0) continue;
    yield format === 'csv'
      ? csvOf(results.map(csvValuesOf), SEARCH_CSV_HEADERS)
      : results.map((result, i) => `${written + i === 0 ? '\n' : ',\n'}${JSON.stringify(result)}`).join('');
    written += results.length;
  }
  if (format === 'json') yield written === 0 ? ']\n' : '\n]\n';
}
