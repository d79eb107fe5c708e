import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { EXPORT_TTL_HOURS, type ExportSummary, type ExportTaskParams } from '@coinsight/contracts';
import { POST_COUNTERS } from '@coinsight/db';
import { stringify, type Options as CsvOptions } from 'csv-stringify/sync';
import type { ServiceDeps } from '../deps.js';
import { POST_CORE_COLUMNS } from '../social/post-shapes.js';
import { removeTaskFile, renameTaskFile, taskFileWriter } from './files.js';
import { postsMatching } from './query.js';
import type { TaskRun } from './run-context.js';

type Deps = Pick<ServiceDeps, 'db'>;

/** Rows read per query: memory holds one batch, whatever the export's size. */
export const EXPORT_BATCH_SIZE = 1_000;

export const EXPORT_COLUMNS = [
  'platform',
  'id',
  'username',
  'text',
  'createdAt',
  ...POST_COUNTERS,
  'hashtags',
  'symbols',
  'sentiment',
] as const;

export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string | number | string[]>;

/**
 * RFC 4180 through a maintained writer (csv-stringify), CRLF between records. Post texts and names
 * come from whoever wrote the posts, and a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`,
 * tab or CR as a formula (OWASP CSV injection): `escape_formulas` prefixes such a cell with `'`, so
 * it opens as the text it is (numbers such as a negative sentiment stay numbers). A CR or LF inside
 * a cell is quoted as well: the writer quotes only its own record delimiter by itself.
 */
const CSV_OPTIONS: CsvOptions = {
  record_delimiter: 'windows',
  escape_formulas: true,
  quoted_match: /[\r\n]/,
  // Hashtags and symbols: one cell each, space-separated.
  cast: { object: (value) => (Array.isArray(value) ? value.join(' ') : JSON.stringify(value)) },
};

/**
 * CSV records of these rows in these columns, CRLF-terminated, formula-escaped as above; with the
 * header line first when asked. Every CSV the app writes goes through it (export files, table downloads).
 */
export const csvOf = (rows: readonly object[], columns: readonly string[], header = false): string =>
  stringify([...rows], { ...CSV_OPTIONS, columns: [...columns], header });

/** An export file's CSV records for these rows; with the header line first when asked. */
export const csvRecords = (rows: ExportRow[], header = false): string => csvOf(rows, EXPORT_COLUMNS, header);

async function write(out: Writable, text: string): Promise<void> {
  // Backpressure: wait for the database rather than queueing the whole export in memory.
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes the query's posts to the task file exports/<task id>.<format> (files.ts), reading them in keyset batches
 * of EXPORT_BATCH_SIZE by post id (on both databases: no cursor holding a transaction open for the
 * length of a million-row export), so memory is one batch however many posts match. The file is
 * written under a temporary name and renamed when complete.
 */
export async function runExport(
  deps: Deps,
  run: TaskRun,
  userId: string,
  params: ExportTaskParams,
): Promise<{ summary: ExportSummary; fileName: string; expiresAt: Date }> {
  const { query, format } = params;
  const { total } = await postsMatching(deps.db, query, userId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  run.checkpoint();

  const fileName = `exports/${run.taskId}.${format}`;
  // Written under a name of this run's own, and renamed once complete: a download never sees half a file.
  const partial = `${fileName}.${run.runId}.part`;
  const out = taskFileWriter(deps.db, partial);
  let rows = 0;
  try {
    if (format === 'csv') await write(out, csvRecords([], true));
    if (format === 'json') await write(out, '[');
    let after = 0;
    for (;;) {
      const batch = await postsMatching(deps.db, query, userId)
        .innerJoin('authors', 'authors.id', 'posts.author_id')
        .select([...POST_CORE_COLUMNS, 'posts.external_id'])
        .where('posts.id', '>', after)
        .orderBy('posts.id')
        .limit(EXPORT_BATCH_SIZE)
        .execute();
      if (batch.length === 0) break;
      let chunk = '';
      const csvRows: ExportRow[] = [];
      for (const post of batch) {
        const row: ExportRow = {
          platform: post.platform,
          id: post.external_id,
          username: post.username,
          text: post.text,
          createdAt: post.created_at.toISOString(),
          likes: post.likes,
          comments: post.comments,
          shares: post.shares,
          views: Number(post.views),
          replies: post.replies,
          retweets: post.retweets,
          hashtags: post.hashtags,
          symbols: post.symbols,
          sentiment: post.sentiment,
        };
        if (format === 'csv') csvRows.push(row);
        else if (format === 'jsonl') chunk += `${JSON.stringify(row)}\n`;
        else chunk += `${rows === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
        rows++;
      }
      if (format === 'csv') chunk = csvRecords(csvRows);
      await write(out, chunk);
      after = batch[batch.length - 1]!.id;
      run.checkpoint();
      run.progress(total > 0 ? (rows / Number(total)) * 100 : 0, { rows });
      if (batch.length < EXPORT_BATCH_SIZE) break;
    }
    if (format === 'json') await write(out, rows === 0 ? ']\n' : '\n]\n');
    out.end();
    await once(out, 'finish');
    await renameTaskFile(deps.db, partial, fileName);
  } catch (error) {
    out.destroy();
    await removeTaskFile(deps.db, partial);
    throw error;
  }
  const expiresAt = new Date(Date.now() + EXPORT_TTL_HOURS * 3_600_000);
  return {
    fileName,
    expiresAt,
    summary: { rows, format, bytes: out.bytes(), expiresAt: expiresAt.toISOString(), expired: false },
  };
}
