import { usePublicRead } from './dataLayer/usePublicRead';
import styles from './ApiStatus.module.css';

type StatusState = 'checking' | 'ok' | 'degraded' | 'unavailable';

export const API_STATUS_TEXT: Record<StatusState, string> = {
  checking: 'Checking API status',
  ok: 'All systems operational',
  degraded: 'Degraded service',
  unavailable: 'Status unavailable',
};

const HEALTH_REFRESH_MS = 60_000;

/** The footer's API health line; quiet while it checks, explicit when it cannot tell. */
export function ApiStatus() {
  const health = usePublicRead('system.health', { refreshMs: HEALTH_REFRESH_MS });
  const state: StatusState = health.isError ? 'unavailable' : (health.data?.status ?? 'checking');
  return (
    <p className={styles.status}>
      <span className={styles.dot} data-state={state} aria-hidden="true" />
      {API_STATUS_TEXT[state]}
    </p>
  );
}
