import type { Readable } from 'node:stream';
import { EXPORT_EXPIRED_MESSAGE, type ExportFormat } from '@coinsight/contracts';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { readTaskFile } from './files.js';
import { TASK_MESSAGES } from './tasks.js';

type Deps = Pick<ServiceDeps, 'db' | 'now'>;

export const DOWNLOAD_MESSAGES = {
  notReady: 'This task has nothing to download yet: only a completed export or analysis has a file.',
  expired: EXPORT_EXPIRED_MESSAGE,
} as const;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

export type Download =
  | { kind: 'file'; stream: Readable; bytes: number; contentType: string; filename: string }
  | { kind: 'json'; body: string; contentType: string; filename: string }
  /** 410: the export was written and has since expired. */
  | { kind: 'gone'; message: string };

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'task';

/** The owner's export file or analysis report; another user's task is NOT_FOUND. */
export async function openTaskDownload(deps: Deps, input: { id: string }, caller: SignedIn): Promise<Download> {
  const { id } = input;
  const { userId } = caller;
  const now = deps.now();
  const row = await deps.db
    .selectFrom('tasks')
    .select(['id', 'type', 'title', 'status', 'params', 'report', 'file_name', 'expires_at', 'result'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotOwnedError('export', id, userId, TASK_MESSAGES.notFound);
  if (row.status !== 'completed') throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.notReady);

  if (row.type === 'analyze' && row.report !== null) {
    return {
      kind: 'json',
      body: JSON.stringify(row.report, null, 2),
      contentType: 'application/json; charset=utf-8',
      filename: `${slug(row.title)}-report.json`,
    };
  }
  if (row.type !== 'export') throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.notReady);
  if (!row.file_name || !row.expires_at || row.expires_at <= now) return { kind: 'gone', message: DOWNLOAD_MESSAGES.expired };
  const format = (row.params as { format: ExportFormat }).format;
  const file = await readTaskFile(deps.db, row.file_name);
  // Removed by a retention run racing this request: as expired.
  if (!file) return { kind: 'gone', message: DOWNLOAD_MESSAGES.expired };
  return {
    kind: 'file',
    stream: file.stream,
    bytes: file.bytes,
    contentType: EXPORT_CONTENT_TYPES[format],
    filename: `${slug(row.title)}.${format}`,
  };
}
