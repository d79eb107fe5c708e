import type { SignalColor } from '../../lib/signalColor';
import { cx } from '../../lib/cx';
import styles from './BarList.module.css';

export interface BarListItem {
  label: string;
  value: number;
  /** The spec's signal colours, for bars that mean good, so-so or bad (sentiment). */
  tone?: SignalColor;
}

export interface BarListProps {
  /** Names the list for assistive technology. */
  label: string;
  items: readonly BarListItem[];
  /** How a value reads: "12 posts". */
  format: (value: number) => string;
  /** Said instead of an empty list. */
  empty: string;
}

/**
 * Horizontal bars as an HTML list: ranked counts (top authors, hashtags) need no canvas, and each
 * row reads as "label: value" to a screen reader while the bars are only drawn for the eye.
 */
export function BarList({ label, items, format, empty }: BarListProps) {
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  const max = Math.max(...items.map((item) => item.value), 1);
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className={styles.row}>
          <span className={styles.label}>{item.label}</span>
          <span className={styles.value}>{format(item.value)}</span>
          <span className={styles.track} aria-hidden="true">
            <span className={cx(styles.bar, item.tone && styles[item.tone])} style={{ width: `${(item.value / max) * 100}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
