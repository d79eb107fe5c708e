import Table from 'cli-table3';
import { stringify } from 'csv-stringify/sync';
import { UsageError } from './exit-codes.js';

export const FORMATS = ['table', 'json', 'jsonl', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

/** One flat line of a table or a CSV file. */
export type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell>;

/**
 * What a command prints: `answer` as the API gave it (json), its `items` one per line (jsonl),
 * and each item flattened to `columns` (table, csv).
 */
export interface Listing<T> {
  answer: unknown;
  items: readonly T[];
  columns: readonly string[];
  row: (item: T) => Row;
  /** One record (usage, a created alert): a table shows it as field/value lines. */
  single?: boolean;
}

/** table on a terminal (a person reads it), json otherwise (a program or a file does). */
export function pickFormat(option: string | undefined, isTTY: boolean): Format {
  if (option === undefined) return isTTY ? 'table' : 'json';
  if ((FORMATS as readonly string[]).includes(option)) return option as Format;
  throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
}

/**
 * Cells that start with = + - @ (or tab, CR) open as formulas in a spreadsheet (OWASP CSV
 * injection): csv-stringify's `escape_formulas` prefixes them with `'`. Numbers are not strings,
 * so a negative change stays a number. A CR or LF inside a cell is quoted.
 */
export function csv(rows: readonly Row[], columns: readonly string[], header = true): string {
  return stringify(rows as Row[], {
    columns: [...columns],
    header,
    escape_formulas: true,
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value) },
  });
}

export const jsonl = (items: readonly unknown[]): string => items.map((item) => `${JSON.stringify(item)}\n`).join('');

// C0 and C1 controls, DEL included: a post's text could otherwise move the cursor, recolour or
// retitle the terminal it is printed on.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;
const TABLE_CELL_MAX = 60;

/** A cell as a terminal shows it: on one line, without control characters, at most 60 characters. */
export function tableCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(CONTROLS, ' ');
  return text.length > TABLE_CELL_MAX ? `${text.slice(0, TABLE_CELL_MAX - 1)}…` : text;
}

const plainStyle = { head: [], border: [] };

export function table(rows: readonly Row[], columns: readonly string[]): string {
  const out = new Table({ head: [...columns], style: plainStyle });
  for (const row of rows) out.push(columns.map((c) => tableCell(row[c])));
  return `${out.toString()}\n`;
}

/** Field/value lines, for one record. */
export function recordTable(row: Row, columns: readonly string[]): string {
  const out = new Table({ style: plainStyle });
  for (const column of columns) out.push({ [column]: tableCell(row[column]) });
  return `${out.toString()}\n`;
}

export function render<T>(listing: Listing<T>, format: Format): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(listing.answer, null, 2)}\n`;
    case 'jsonl':
      return jsonl(listing.items);
    case 'csv':
      return csv(listing.items.map(listing.row), listing.columns);
    case 'table': {
      const rows = listing.items.map(listing.row);
      if (listing.single && rows[0]) return recordTable(rows[0], listing.columns);
      return table(rows, listing.columns);
    }
  }
}

/**
 * Nested objects as dotted columns (`key.calls`), lists as space-separated text: for a single
 * record such as the usage answer.
 */
export function flatten(value: Record<string, unknown>, prefix = ''): Row {
  const row: Row = {};
  for (const [name, inner] of Object.entries(value)) {
    const column = `${prefix}${name}`;
    if (Array.isArray(inner)) row[column] = inner.join(' ');
    else if (inner !== null && typeof inner === 'object') Object.assign(row, flatten(inner as Record<string, unknown>, `${column}.`));
    else row[column] = inner as Cell;
  }
  return row;
}
