import { cx } from '../../lib/cx';
import styles from './PostText.module.css';

/**
 * A post's text, two lines until its row is clicked (docs/product.md §4). The click reaches the row, which
 * toggles; being a button gives keyboard users the same toggle and hears its state.
 */
export function PostText({ text, expanded }: { text: string; expanded: boolean }) {
  return (
    <button
      type="button"
      className={cx(styles.text, expanded && styles.expanded)}
      aria-expanded={expanded}
      title={expanded ? undefined : 'Show the full text'}
    >
      {text}
    </button>
  );
}
