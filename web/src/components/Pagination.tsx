import { useState, type FormEvent } from 'react';
import { formatCount } from '../lib/formatNumber';
import { parsePageJump } from '../lib/pageJump';
import { Button, Input, useField } from './ui';
import styles from './Pagination.module.css';

export interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  limit: number;
  /** The total (and so the page count) is the server's estimate: shown as "about N". */
  totalIsEstimate?: boolean;
  /** What the rows are, for the summary: "posts". */
  noun: string;
  onPageChange: (page: number) => void;
}

/** Previous and next, where we are, and a jump to any page (digits only, 1 to the last; docs/product.md §5). */
export function Pagination({ page, pages, total, limit, totalIsEstimate = false, noun, onPageChange }: PaginationProps) {
  const about = totalIsEstimate ? 'about ' : '';
  const [jump, setJump] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { control, labelFor, errorId } = useField(undefined, false, Boolean(error));
  const first = total === 0 ? 0 : Math.min(total, (page - 1) * limit + 1);
  const last = Math.min(total, page * limit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePageJump(jump, pages);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setJump('');
    onPageChange(parsed.page);
  };

  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p className={styles.summary} aria-live="polite">
        {first > last || total === 0
          ? `No ${noun} on this page (${about}${formatCount(total)} in all)`
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${about}${formatCount(total)} ${noun}`}
      </p>
      <div className={styles.controls}>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPageChange(Math.max(1, Math.min(page - 1, pages)))}>
          Previous
        </Button>
        <span>
          Page {formatCount(page)} of {about}
          {formatCount(Math.max(pages, 1))}
        </span>
        <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
        <form className={styles.jump} onSubmit={submit} noValidate>
          <label htmlFor={labelFor}>Go to page</label>
          <Input
            {...control}
            className={styles.jumpInput}
            inputMode="numeric"
            autoComplete="off"
            value={jump}
            onChange={(event) => {
              setJump(event.target.value);
              setError(null);
            }}
          />
          <Button size="sm" type="submit" disabled={pages < 1}>
            Go
          </Button>
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </div>
    </nav>
  );
}
