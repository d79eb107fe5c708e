import { sql, type Kysely } from 'kysely';
import { analyzerFor } from '../analysis/analysis-pool.js';
import { loadAssetRefs } from '../analysis/load-symbol-matcher.js';
import { pgPoolOf } from '../create-db.js';
import type { Database } from '../schema/index.js';
import type { Platform } from '../schema/posts.js';
import { parsePostRecord, type PostInput, type RawRecord } from './post-record.js';
import { writePostBatchByCopy } from './copy-batch.js';
import { postKey } from './post-rows.js';
import { writePrivateBatch } from './private-batch.js';
import { writePostBatch, type AnalyzedPost } from './write-batch.js';

/** One record of a source file, or the reason a line could not be read as one. */
export type SourceRecord = { line: number; record: RawRecord } | { line: number; error: string };

export interface ImportError {
  line: number;
  reason: string;
}

export interface ImportReport {
  /** Records read, good and bad. */
  rows: number;
  inserted: number;
  updated: number;
  /** Already stored exactly as given. */
  skipped: number;
  failed: number;
  /** The first MAX_REPORTED_ERRORS failures, by line; `failed` counts them all. */
  errors: ImportError[];
}

export interface ImportOptions {
  platform: Platform;
  /**
   * The account whose private dataset receives the posts (every scrape task passes its owner).
   * Absent: the shared dataset, which only the operator's paths write (CLI, seeding, connectors).
   */
  owner?: string;
  /** Posts per transaction: 20,000 on the COPY path, 5,000 on the others unless given. */
  batchSize?: number;
  /** Called after each batch with the counts so far. */
  onProgress?: (report: Readonly<ImportReport>) => void;
  /** The reference time for "createdAt is in the future" (tests pin it). */
  now?: number;
  /**
   * How shared posts are written. 'copy' (the default on PostgreSQL): COPY into a staging table,
   * set-based statements, analysis in worker threads. 'statements': per-batch statements with
   * parameter arrays, analysis in this thread, the only path on PGlite. Both store the same rows
   * and rollups (ingest/paths.int.test.ts); the choice is for that test and the bench.
   */
  writePath?: 'copy' | 'statements';
}

// 5,000 rather than 1,000: 25% more posts a second (bench), as the rollup rows a batch touches grow
// more slowly than the batch.
export const DEFAULT_BATCH_SIZE = 5_000;
// The COPY path's batches are larger still: posts of one term and hour (search postings) and of one
// topic and hour or day (rollups) meet in more of them, so fewer rows are written per post; 20,000
// rather than 5,000 cut the database's CPU per post by 15% (docs/performance.md, "Ingest").
const COPY_BATCH_SIZE = 20_000;
export const MAX_REPORTED_ERRORS = 1_000;

// SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation) belong to a row;
// anything else (connection lost, disk full) stops the import instead of failing every row.
const isRowError = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown }).code ?? ''));
// A batch that met another importer's (serialization failure, e.g. a post moved to another month's
// partition under it, or a deadlock) rolled back whole and is written again: batches are idempotent
// on (platform, external id), and the rollups only move in a committed one.
const CONFLICT_CODES = new Set(['40001', '40P01']);
const BATCH_ATTEMPTS = 3;
async function retryingConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= BATCH_ATTEMPTS || !CONFLICT_CODES.has(String((error as { code?: unknown }).code ?? ''))) throw error;
    }
  }
}

/**
 * Imports posts for one platform from any source of records: checks each record, analyses its
 * text, and writes batches idempotently on (platform, external id), into the shared dataset or,
 * with `owner`, that account's private one. A bad record is reported
 * with its line and reason and never stops the good ones.
 */
export async function importPosts(
  db: Kysely<Database>,
  source: AsyncIterable<SourceRecord>,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = options.now ?? Date.now();
  const assets = await loadAssetRefs(db);
  const pool = options.owner === undefined && options.writePath !== 'statements' ? pgPoolOf(db) : undefined;
  const batchSize = options.batchSize ?? (pool ? COPY_BATCH_SIZE : DEFAULT_BATCH_SIZE);
  const analyzer = analyzerFor(assets, pool !== undefined);
  const report: ImportReport = { rows: 0, inserted: 0, updated: 0, skipped: 0, failed: 0, errors: [] };
  const fail = (line: number, reason: string) => {
    report.failed++;
    if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push({ line, reason });
  };

  const add = (outcome: { inserted: number; updated: number; skipped: number }) => {
    report.inserted += outcome.inserted;
    report.updated += outcome.updated;
    report.skipped += outcome.skipped;
  };

  // One batch is written while the next is read and analysed: the database and the analysis
  // then run side by side. Only one write is in flight, so batches land in order.
  let batch: { line: number; post: PostInput }[] = [];
  let keys = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  const { owner } = options;
  const writeBatch = (posts: readonly { line: number; post: AnalyzedPost }[]) => retryingConflicts(() => writeOnce(posts));
  const writeOnce = (posts: readonly { line: number; post: AnalyzedPost }[]) =>
    owner !== undefined
      ? writePrivateBatch(
          db,
          owner,
          posts.map((p) => p.post),
        )
      : pool
        ? writePostBatchByCopy(pool, posts)
        : writePostBatch(
            db,
            posts.map((p) => p.post),
          );
  const write = async (current: { line: number; post: AnalyzedPost }[]) => {
    try {
      add(await writeBatch(current));
    } catch (error) {
      if (!isRowError(error)) throw error;
      // One bad row fails its whole transaction: write the rows one by one to find it.
      for (const row of current) {
        const { line } = row;
        try {
          add(await writeBatch([row]));
        } catch (rowError) {
          if (!isRowError(rowError)) throw rowError;
          fail(line, rowError instanceof Error ? rowError.message : String(rowError));
        }
      }
    }
    options.onProgress?.(report);
  };
  // A batch's analysis starts as soon as it is complete (in the worker threads on PostgreSQL), and
  // its write once the batch before it is written; reading waits only for that earlier batch.
  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    keys = new Set();
    const analysed = analyzer.analyze(current.map((b) => b.post.text));
    analysed.catch(() => undefined);
    const previous = writing;
    writing = (async () => {
      const analyses = await analysed;
      await previous;
      await write(current.map(({ line, post }, i) => ({ line, post: { ...post, ...analyses[i]! } })));
    })();
    // Keeps an early failure from being reported as unhandled before the next flush awaits it.
    writing.catch(() => undefined);
    await previous;
  };

  try {
    for await (const item of source) {
      report.rows++;
      if ('error' in item) {
        fail(item.line, item.error);
        continue;
      }
      const parsed = parsePostRecord(item.record, options.platform, now);
      if (!parsed.ok) {
        fail(item.line, parsed.reason);
        continue;
      }
      const key = postKey(parsed.post);
      // A repeat within the batch is written after the first, so it updates or skips as it would
      // in a later file.
      if (keys.has(key)) await flush();
      keys.add(key);
      batch.push({ line: item.line, post: parsed.post });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    // A source that fails mid-file still lets the batch in flight finish before the error goes up.
    await writing.catch(() => undefined);
    await analyzer.close();
  }
  await writing;
  // An account's reads join its posts to themselves (the author is on the row; see the api's
  // social/dataset.ts). Until statistics count a fresh upload, PostgreSQL takes the owner's rows
  // for one and nests that join: 3.5 s for a 2,000-post upload's list page, 16 ms once analysed.
  // ANALYZE samples a bounded number of rows, so it costs about the same at any size.
  if (owner !== undefined && report.inserted + report.updated > 0) await sql`analyze private_posts`.execute(db);
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}
