import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { SourceRecord } from './import-posts.js';

/** One JSON object per line; blank lines are skipped, anything else that is not an object is reported. */
export async function* readJsonLines(input: Readable): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield { line, error: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield { line, error: 'not a JSON object' };
      continue;
    }
    yield { line, record: value as Record<string, unknown> };
  }
}
