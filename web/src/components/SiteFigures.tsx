import { formatUsd, FREE_CALLS_PER_MONTH, PRICE_MICROS_PER_1000_CALLS } from '@coinsight/contracts';
import { usePublicRead } from '../app/dataLayer/usePublicRead';
import styles from './SiteFigures.module.css';
import { formatCount } from '../lib/formatNumber';

interface Figure {
  value: string | null;
  label: string;
}

/**
 * Figures that are true of this installation: counts asked of its database, and the price and
 * free allowance the API enforces. While the counts load their slots keep their size.
 */
export function SiteFigures() {
  const stats = usePublicRead('site.stats');
  const counted = (n: number | undefined) => (stats.isError ? '–' : n === undefined ? null : formatCount(n));
  const figures: Figure[] = [
    { value: counted(stats.data?.assetsTracked), label: 'crypto assets tracked' },
    { value: counted(stats.data?.postsStored), label: 'social posts stored and scored' },
    { value: formatUsd(PRICE_MICROS_PER_1000_CALLS), label: 'per 1,000 API calls, pay as you go' },
    { value: formatCount(FREE_CALLS_PER_MONTH), label: 'free API calls a month on the Free plan' },
  ];
  return (
    <dl className={styles.figures} aria-busy={stats.isLoading}>
      {figures.map((figure) => (
        <div key={figure.label} className={styles.figure}>
          <dt className={styles.label}>{figure.label}</dt>
          <dd className={styles.value}>
            {figure.value ?? (
              <span className={styles.loadingSlot}>
                <span className={styles.srOnly}>Loading</span>
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
