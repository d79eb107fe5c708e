import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import type { SourceRecord } from './import-posts.js';

/**
 * CSV with a header row naming the fields. A malformed record (wrong number of cells, a broken
 * quote) is reported at the line the parser stopped on and parsing goes on with the next.
 */
export async function* readCsv(input: Readable): AsyncGenerator<SourceRecord> {
  const skipped: SourceRecord[] = [];
  // A broken quote can raise a second complaint about the same record; report it once.
  let lastSkippedLine = -1;
  const parser = input.pipe(
    parse({
      columns: true,
      bom: true,
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        const line = typeof error?.lines === 'number' ? error.lines : 0;
        if (line !== lastSkippedLine) skipped.push({ line, error: `malformed CSV: ${error?.message ?? 'unreadable record'}` });
        lastSkippedLine = line;
        return undefined;
      },
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield* skipped.splice(0);
    yield { line: info.lines, record };
  }
  yield* skipped.splice(0);
}
