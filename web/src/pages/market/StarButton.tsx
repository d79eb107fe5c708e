import { Link, useLocation } from 'react-router';
import { cx } from '../../lib/cx';
import type { WatchlistState } from './useWatchlist';
import styles from './StarButton.module.css';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The star that adds a coin to the watchlist or removes it: a toggle button (aria-pressed) for an
 * account, a link to sign in for a visitor (back to this page afterwards).
 */
export function StarButton({ symbol, name, watchlist }: { symbol: string; name: string; watchlist: WatchlistState }) {
  const location = useLocation();
  if (!watchlist.signedIn) {
    return (
      <Link to="/login" state={{ from: location }} className={styles.star} aria-label={`Sign in to add ${name} to your watchlist`}>
        <Star filled={false} />
      </Link>
    );
  }
  const starred = watchlist.isStarred(symbol);
  return (
    <button
      type="button"
      className={cx(styles.star, starred && styles.starred)}
      aria-pressed={starred}
      aria-label={`${name} in your watchlist`}
      title={starred ? `Remove ${symbol} from your watchlist` : `Add ${symbol} to your watchlist`}
      disabled={!watchlist.loaded}
      onClick={() => watchlist.toggle(symbol)}
    >
      <Star filled={starred} />
    </button>
  );
}
