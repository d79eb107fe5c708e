import { CSV_WRITE_OPTIONS } from '@coinsight/contracts';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** A CSV file of these rows, header first, written as the server writes its CSV (CSV_WRITE_OPTIONS: formula-escaped, CRLF). */
export const csvText = (rows: readonly Record<string, unknown>[], columns: readonly string[]): string =>
  stringify([...rows], { ...CSV_WRITE_OPTIONS, columns: [...columns], header: true });
