import type { Key, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { csvText } from '../../lib/csv';
import { saveBlob } from '../../lib/saveBlob';
import { Button } from './Button';
import styles from './Table.module.css';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers read best right-aligned in tabular figures. */
  align?: 'start' | 'end';
  /** The header becomes a button that asks to sort by `key` (see TableProps.onSortChange). */
  sortable?: boolean;
  /** The cell's plain value for the table's downloads (TableProps.download), under `key`; a column without it is left out of them. */
  value?: (row: Row) => string | number | boolean | null;
}

export interface TableSort {
  key: string;
  order: 'asc' | 'desc';
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  caption?: ReactNode;
  emptyMessage?: ReactNode;
  /** The current sort, announced on its header with aria-sort. */
  sort?: TableSort;
  onSortChange?: (key: string) => void;
  /** Makes each row clickable; keyboard users need a control inside the row that does the same. */
  onRowClick?: (row: Row) => void;
  /**
   * Names the scrolling wrapper and makes it focusable, for a table wider than a phone with no
   * control in its rows: keyboard users scroll it sideways once it has focus (axe: scrollable-region-focusable).
   */
  scrollLabel?: string;
  /**
   * Offers the rows as shown (this filter and order, all on the page) as CSV and JSON files named
   * `<download>.csv` / `.json`, made in the browser from the columns' `value`s.
   */
  download?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export const TABLE_EMPTY_MESSAGE = 'No data found';

export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  emptyMessage = TABLE_EMPTY_MESSAGE,
  sort,
  onSortChange,
  onRowClick,
  scrollLabel,
  download,
}: TableProps<Row>) {
  const table = (
    <div className={styles.wrapper} {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}>
      <table className={styles.table}>
        {caption ? <caption className={styles.caption}>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => {
              const sortable = column.sortable && onSortChange;
              const current = sortable && sort?.key === column.key ? sort.order : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={cx(column.align === 'end' && styles.end)}
                  aria-sort={sortable ? (current ? ARIA_SORT[current] : 'none') : undefined}
                >
                  {sortable ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSortChange(column.key)}>
                      {column.header}
                      <span className={cx(styles.sortIndicator, current && styles.sortActive)} aria-hidden="true">
                        {current === 'asc' ? '▲' : current === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={columns.length}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={cx(onRowClick && styles.clickable)} onClick={onRowClick ? () => onRowClick(row) : undefined}>
                {columns.map((column) => (
                  <td key={column.key} className={cx(column.align === 'end' && styles.end)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
  if (!download) return table;
  return (
    <div className={styles.withDownload}>
      <TableDownload name={download} columns={columns} rows={rows} />
      {table}
    </div>
  );
}

/** The rows as files: each column with a `value`, under its key. */
function TableDownload<Row>({ name, columns, rows }: { name: string; columns: readonly TableColumn<Row>[]; rows: readonly Row[] }) {
  const kept = columns.filter((column) => column.value);
  const records = () => rows.map((row) => Object.fromEntries(kept.map((column) => [column.key, column.value!(row)])));
  return (
    <div className={styles.download}>
      <Button
        size="sm"
        variant="ghost"
        onClick={() =>
          saveBlob(
            new Blob(
              [
                csvText(
                  records(),
                  kept.map((c) => c.key),
                ),
              ],
              { type: 'text/csv' },
            ),
            `${name}.csv`,
          )
        }
      >
        Download CSV
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => saveBlob(new Blob([`${JSON.stringify(records(), null, 2)}\n`], { type: 'application/json' }), `${name}.json`)}
      >
        Download JSON
      </Button>
    </div>
  );
}
