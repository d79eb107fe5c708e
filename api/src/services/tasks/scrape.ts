import { Transform, type Readable } from 'node:stream';
import { importPosts, readCsv, readJsonLines, type ImportReport, type SourceRecord } from '@coinsight/db';
import {
  MAX_SUMMARY_ERRORS,
  MAX_UPLOAD_BYTES,
  TASK_URL_PUBLIC_MESSAGE,
  type ImportFileFormat,
  type ScrapeSummary,
  type ScrapeTaskParams,
  type SocialPlatform,
} from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';
import { FetchError, fetchPublic } from '../net/fetch-public.js';
import { readTaskFile } from './files.js';
import { TaskError, type TaskRun } from './run-context.js';
import { uploadFormat } from './uploads.js';
import { xRecentSearch, type XSearchState } from './x-recent-search.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'tasks'>;

const URL_TIMEOUT_MS = 120_000;

/**
 * A source of posts for a scrape task. Every source feeds the one importer (idempotent on the
 * platform's post id, bad rows reported by number): only where the records come from differs.
 */
export interface ScrapeConnector {
  platform: SocialPlatform;
  records: AsyncIterable<SourceRecord>;
  /** How far through the source the run is, 0..1. */
  fraction(): number;
  /** What the source adds to the summary (X: pages, rate limit). */
  extras(): Partial<ScrapeSummary>;
  close(): void;
}

function fileRecords(stream: Readable, format: ImportFileFormat): AsyncIterable<SourceRecord> {
  return format === 'csv' ? readCsv(stream) : readJsonLines(stream);
}

/**
 * Counts the bytes passing through, for progress where the total is known. A stage of its own:
 * a 'data' listener on the source would start it flowing before the reader is attached.
 */
function countBytes(stream: Readable): { stream: Readable; read(): number } {
  let read = 0;
  const counted = stream.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        read += chunk.length;
        done(null, chunk);
      },
    }),
  );
  stream.on('error', (error) => counted.destroy(error));
  return { stream: counted, read: () => read };
}

async function uploadConnector(
  deps: Deps,
  userId: string,
  source: Extract<ScrapeTaskParams['source'], { kind: 'upload' }>,
): Promise<ScrapeConnector> {
  const upload = await deps.db
    .selectFrom('task_uploads')
    .select(['file_name', 'format', 'bytes'])
    .where('id', '=', source.uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const file = upload ? await readTaskFile(deps.db, upload.file_name) : undefined;
  if (!upload || !file) throw new TaskError('The uploaded file is no longer available (uploads are kept 24 hours): upload it again.');
  const stream = file.stream;
  const bytes = countBytes(stream);
  return {
    platform: source.platform,
    records: fileRecords(bytes.stream, upload.format),
    fraction: () => (upload.bytes > 0 ? bytes.read() / Number(upload.bytes) : 0),
    extras: () => ({}),
    close: () => stream.destroy(),
  };
}

async function urlConnector(
  deps: Deps,
  source: Extract<ScrapeTaskParams['source'], { kind: 'url' }>,
  signal: AbortSignal,
): Promise<ScrapeConnector> {
  let response;
  try {
    response = await fetchPublic(source.url, {
      allowPrivate: deps.tasks.allowPrivateUrls,
      trustedOrigins: deps.tasks.trustedOrigins,
      field: 'source.url',
      refusedMessage: TASK_URL_PUBLIC_MESSAGE,
      maxBytes: MAX_UPLOAD_BYTES,
      timeoutMs: URL_TIMEOUT_MS,
      signal,
    });
  } catch (error) {
    if (error instanceof FetchError && error.permanent) throw new TaskError(error.message);
    throw error;
  }
  const format = source.format ?? uploadFormat(response.url.pathname, response.contentType);
  if (!format) {
    response.body.destroy();
    throw new TaskError('source.url served neither JSON Lines nor CSV (by its path or content type): set source.format.');
  }
  const bytes = countBytes(response.body);
  const records = fileRecords(bytes.stream, format);
  return {
    platform: source.platform,
    // A size or time limit hit mid-body surfaces here, as the user's problem.
    records: (async function* () {
      try {
        yield* records;
      } catch (error) {
        if (error instanceof FetchError) throw error.permanent ? new TaskError(error.message) : error;
        throw error;
      }
    })(),
    fraction: () => (response.bytes ? bytes.read() / response.bytes : 0),
    extras: () => ({}),
    close: () => response.body.destroy(),
  };
}

function xConnector(
  deps: Deps,
  source: Extract<ScrapeTaskParams['source'], { kind: 'x-recent-search' }>,
  signal: AbortSignal,
): ScrapeConnector {
  if (!deps.tasks.x) throw new TaskError('X recent search is not set up on this server (X_BEARER_TOKEN).');
  const state: XSearchState = { pages: 0, collected: 0 };
  return {
    platform: 'twitter',
    records: xRecentSearch(deps.tasks.x, source, state, signal),
    fraction: () => state.collected / source.maxPosts,
    extras: () => ({ pages: state.pages, ...(state.rateLimited ? { rateLimited: state.rateLimited } : {}) }),
    close: () => undefined,
  };
}

export async function openConnector(deps: Deps, userId: string, params: ScrapeTaskParams, signal: AbortSignal): Promise<ScrapeConnector> {
  const source = params.source;
  switch (source.kind) {
    case 'upload':
      return uploadConnector(deps, userId, source);
    case 'url':
      return urlConnector(deps, source, signal);
    case 'x-recent-search':
      return xConnector(deps, source, signal);
  }
}

const summaryOf = (report: Readonly<ImportReport>, connector: ScrapeConnector): ScrapeSummary => ({
  rows: report.rows,
  inserted: report.inserted,
  updated: report.updated,
  skipped: report.skipped,
  failed: report.failed,
  errors: report.errors.slice(0, MAX_SUMMARY_ERRORS),
  ...connector.extras(),
});

/** Imports the source's posts; progress is the share of the source read, the summary counts rows. */
export async function runScrape(deps: Deps, run: TaskRun, userId: string, params: ScrapeTaskParams): Promise<ScrapeSummary> {
  const connector = await openConnector(deps, userId, params, run.signal);
  // Cancellation is looked at between records; the importer writes whole batches.
  const records = (async function* () {
    for await (const record of connector.records) {
      run.checkpoint();
      yield record;
    }
  })();
  try {
    const report = await importPosts(deps.db, records, {
      platform: connector.platform,
      // The task owner's private dataset: what an account brings in never changes the shared one.
      owner: userId,
      // Smaller than the importer's default, so progress and cancellation come every 1,000 rows.
      batchSize: 1_000,
      onProgress: (so) => run.progress(connector.fraction() * 100, summaryOf(so, connector)),
    });
    run.checkpoint();
    return summaryOf(report, connector);
  } finally {
    connector.close();
  }
}
