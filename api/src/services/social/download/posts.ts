import { Readable } from 'node:stream';
import {
  DOWNLOAD_ROW_LIMIT,
  PLATFORM_LABELS,
  TABLE_COLUMNS,
  type DownloadFormat,
  type DownloadQuery,
  type PostTableColumn,
  type SocialPlatform,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
import type { SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { csvOf } from '../../tasks/export.js';
import { requireTrackedCoin } from '../coin.js';
import { datasetScope, postsSourceFor } from '../dataset.js';
import type { SocialDeps } from '../deps.js';
import { listFactsOf, type ListFacts } from '../list/facts.js';
import { resolveContains } from '../list/resolve.js';
import { cappedCount, keysetIds, pageRows, type KeysetPosition } from '../list/statements.js';
import { toPlatformPost } from '../post-shapes.js';
import { csvHeadersOf, csvValuesOf, jsonRowOf } from './rows.js';
import { TOO_MANY_DOWNLOADS } from './limits.js';

/** Rows read per statement: memory holds one chunk, and the client's pace (backpressure) sets the next read's. */
export const DOWNLOAD_CHUNK = 500;

export const DOWNLOAD_CONTENT_TYPES: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export interface PostDownload {
  filename: string;
  contentType: string;
  /** Rows the file holds (the matches, up to DOWNLOAD_ROW_LIMIT), when known before it is written. */
  rows: number | null;
  /** More rows match than the file holds; null when not known before it is written. */
  truncated: boolean | null;
  stream: Readable;
}

type DownloadDeps = SocialDeps & Pick<ServiceDeps, 'limits'>;

/**
 * A platform table's rows as a CSV or JSON file: the same filters, order and rows as its list
 * (list/statements.ts's `matching`, in the sort then id, on the same pool and dataset), the
 * table's columns, up to DOWNLOAD_ROW_LIMIT rows. The matches are counted up to the bound first,
 * so the answer's headers can say how many rows it holds and whether more match; the rows are
 * then read in keyset chunks as the client takes them.
 */
export async function downloadPosts<P extends SocialPlatform>(
  deps: DownloadDeps,
  { platform, query }: { platform: P; query: DownloadQuery<P> },
  caller: SignedIn,
): Promise<PostDownload> {
  await deps.limits.downloadsByUser.consume(caller.userId, TOO_MANY_DOWNLOADS);
  await requireTrackedCoin(deps, { coin: query.coin });
  const scope = await datasetScope(deps, query, caller);
  const db = postsSourceFor(deps, scope);
  const f = await resolveContains(db, listFactsOf(scope, platform, { ...query, page: 1, limit: DOWNLOAD_CHUNK }));
  const matches = Number((await cappedCount(db, f, DOWNLOAD_ROW_LIMIT).executeTakeFirst())?.n ?? 0);
  const columns = query.columns ?? (TABLE_COLUMNS[platform] as readonly PostTableColumn<P>[]);
  const day = deps.now().toISOString().slice(0, 10);
  const mine = scope.dataset === 'mine' ? '-mine' : '';
  return {
    filename: `${PLATFORM_LABELS[platform].toLowerCase()}-posts${mine}-${day}.${query.format}`,
    contentType: DOWNLOAD_CONTENT_TYPES[query.format],
    rows: Math.min(matches, DOWNLOAD_ROW_LIMIT),
    truncated: matches > DOWNLOAD_ROW_LIMIT,
    stream: Readable.from(fileChunks(db, f, query.format, query.columns ? columns : undefined, columns)),
  };
}

/** The file's text chunk by chunk: the CSV header or JSON's bracket, the rows, the close. */
async function* fileChunks(
  db: QueryCreator<Database>,
  f: ListFacts,
  format: DownloadFormat,
  jsonColumns: readonly PostTableColumn[] | undefined,
  columns: readonly PostTableColumn[],
): AsyncGenerator<string> {
  const headers = csvHeadersOf(columns);
  yield format === 'csv' ? csvOf([], headers, true) : '[';
  let written = 0;
  let after: KeysetPosition | undefined;
  while (written < DOWNLOAD_ROW_LIMIT) {
    const chunk: ListFacts = { ...f, limit: Math.min(DOWNLOAD_CHUNK, DOWNLOAD_ROW_LIMIT - written) };
    const rows = await pageRows(db, chunk, keysetIds(db, chunk, after));
    if (rows.length === 0) break;
    const posts = rows.map((row) => toPlatformPost(f.platform, row));
    yield format === 'csv'
      ? csvOf(posts.map(csvValuesOf), headers)
      : posts.map((post, i) => `${written + i === 0 ? '\n' : ',\n'}${JSON.stringify(jsonRowOf(post, jsonColumns))}`).join('');
    written += rows.length;
    const last = rows[rows.length - 1]!;
    after = { key: last[f.sortBy], id: last.id };
    if (rows.length < chunk.limit) break;
  }
  if (format === 'json') yield written === 0 ? ']\n' : '\n]\n';
}
