import { Link } from 'react-router';
import { cx } from '../lib/cx';
import styles from './Logo.module.css';

/** The Coinsight mark and name, always a link home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cx(styles.logo, className)}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle className={styles.coin} cx="16" cy="16" r="15" />
        <circle className={styles.rim} cx="16" cy="16" r="11.5" fill="none" strokeWidth="1.5" />
        <path className={styles.glyph} d="M20.5 11.8a6 6 0 1 0 0 8.4" fill="none" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span>Coinsight</span>
    </Link>
  );
}
