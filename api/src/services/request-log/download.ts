import { Readable } from 'node:stream';
import { DOWNLOAD_ROW_LIMIT, REQUEST_LOG_MAX_LIMIT, type RequestLogDownloadQuery, type RequestLogEntry } from '@coinsight/contracts';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { TOO_MANY_DOWNLOADS } from '../social/download/limits.js';
import { DOWNLOAD_CONTENT_TYPES, type PostDownload } from '../social/download/posts.js';
import { csvOf } from '../tasks/export.js';
import { teamAccess } from '../teams/access.js';
import { listRequestLogs } from './list.js';

const CSV_HEADERS = [
  'at',
  'keyName',
  'keyPrefix',
  'method',
  'path',
  'operation',
  'status',
  'latencyMs',
  'billed',
  'costMicros',
  'requestId',
] as const;

const csvValuesOf = (entry: RequestLogEntry) => ({ ...entry, keyName: entry.key.name, keyPrefix: entry.key.prefix });

/**
 * The Requests table's rows as a CSV or JSON file: the same filters and order (newest first) as
 * the table, read page by page through listRequestLogs as the client takes them, up to
 * DOWNLOAD_ROW_LIMIT rows; counted against the account's downloads like the social tables'.
 * The file's length is known only once written, so the answer does not state it.
 */
export async function downloadRequestLogs(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'limits'>,
  input: RequestLogDownloadQuery,
  caller: SignedIn,
): Promise<PostDownload> {
  await deps.limits.downloadsByUser.consume(caller.userId, TOO_MANY_DOWNLOADS);
  // A team's log is read as the team's account, once the caller's role has been checked.
  const owner =
    input.teamId === undefined ? caller : (await teamAccess(deps, { teamId: input.teamId, action: 'readUsage' }, caller)).account;
  const day = deps.now().toISOString().slice(0, 10);
  async function* chunks(): AsyncGenerator<string> {
    yield input.format === 'csv' ? csvOf([], CSV_HEADERS, true) : '[';
    let written = 0;
    let cursor: string | undefined;
    do {
      const limit = Math.min(REQUEST_LOG_MAX_LIMIT, DOWNLOAD_ROW_LIMIT - written);
      const page = await listRequestLogs(deps, { key: input.key, status: input.status, operation: input.operation, limit, cursor }, owner);
      yield input.format === 'csv'
        ? csvOf(page.data.map(csvValuesOf), CSV_HEADERS)
        : page.data.map((entry, i) => `${written + i === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`).join('');
      written += page.data.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && written < DOWNLOAD_ROW_LIMIT);
    if (input.format === 'json') yield written === 0 ? ']\n' : '\n]\n';
  }
  return {
    filename: `api-requests${input.teamId === undefined ? '' : '-team'}-${day}.${input.format}`,
    contentType: DOWNLOAD_CONTENT_TYPES[input.format],
    rows: null,
    truncated: null,
    stream: Readable.from(chunks()),
  };
}
