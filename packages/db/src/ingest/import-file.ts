import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import { importPosts, type ImportOptions, type ImportReport } from './import-posts.js';
import { readCsv } from './read-csv.js';
import { readJsonLines } from './read-jsonl.js';

export type ImportFormat = 'jsonl' | 'csv';

const FORMATS: Record<string, ImportFormat> = { '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.json': 'jsonl', '.csv': 'csv' };

export function formatOf(file: string): ImportFormat {
  const format = FORMATS[path.extname(file).toLowerCase()];
  if (!format) throw new Error(`Cannot tell the format of ${file}: name it .jsonl, .ndjson or .csv, or pass --format.`);
  return format;
}

export interface ImportFileOptions extends Omit<ImportOptions, 'onProgress'> {
  format?: ImportFormat;
  onProgress?: (report: Readonly<ImportReport>, bytesRead: number, totalBytes: number) => void;
}

/** Streams a JSON Lines or CSV file of posts into the database; see importPosts. */
export async function importFile(db: Kysely<Database>, file: string, options: ImportFileOptions): Promise<ImportReport> {
  const format = options.format ?? formatOf(file);
  const totalBytes = statSync(file).size;
  const stream = createReadStream(file);
  const source = format === 'csv' ? readCsv(stream) : readJsonLines(stream);
  try {
    return await importPosts(db, source, {
      ...options,
      onProgress: (report) => options.onProgress?.(report, stream.bytesRead, totalBytes),
    });
  } finally {
    stream.destroy();
  }
}
