import { Time } from '../../components/Time';
import type { LiveState } from './useLiveOverview';
import styles from './Market.module.css';

const TEXT: Record<LiveState, string> = {
  connecting: 'Connecting to live prices…',
  live: 'Live: prices update with every tick',
  reconnecting: 'Live prices interrupted: reconnecting, refreshing every 30 s meanwhile',
  polling: 'Live prices unavailable: refreshing every 30 s',
};

/** Whether figures arrive by themselves, and what happens when they do not. */
export function LiveStatus({ state }: { state: LiveState }) {
  return (
    <p role="status" className={styles.live} data-state={state}>
      <span className={styles.dot} aria-hidden="true" />
      {TEXT[state]}
    </p>
  );
}

/** When the page's figures were last updated (`none` before the first), with LiveStatus beside it. */
export function UpdatedStatus({ asOf, none, state }: { asOf: string | null; none: string; state: LiveState }) {
  return (
    <div className={styles.status}>
      <p className={styles.muted}>
        {asOf ? (
          <>
            Last updated <Time value={asOf} format="clock" />
          </>
        ) : (
          none
        )}
      </p>
      <LiveStatus state={state} />
    </div>
  );
}
