import type { PlatformSummary } from '@coinsight/contracts';
import { ChangeValue } from '../../components/ui';
import { formatCompact, formatCount } from '../../lib/formatNumber';
import { SentimentBadge } from './SentimentBadge';
import styles from './PlatformSummaryStats.module.css';

/** docs/product.md §3 platform summary as a list of figures. */
export function PlatformSummaryStats({ summary }: { summary: PlatformSummary }) {
  return (
    <dl className={styles.stats}>
      <div>
        <dt>Mentions</dt>
        <dd title={formatCount(summary.mentions)}>{formatCompact(summary.mentions)}</dd>
      </div>
      <div>
        <dt>Followers</dt>
        <dd title={formatCount(summary.followers)}>{formatCompact(summary.followers)}</dd>
      </div>
      <div>
        <dt>Engagement</dt>
        <dd title={formatCount(summary.engagement)}>{formatCompact(summary.engagement)}</dd>
      </div>
      <div>
        <dt>24h change</dt>
        <dd>
          <ChangeValue percent={summary.change24h} of="count" />
        </dd>
      </div>
      <div className={styles.wide}>
        <dt>Sentiment</dt>
        <dd>
          <SentimentBadge score={summary.sentiment} />
        </dd>
      </div>
    </dl>
  );
}
