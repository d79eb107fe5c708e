import type { MarketAsset } from '@coinsight/contracts';
import { formatCount } from '../../lib/formatNumber';
import { SentimentBadge } from '../social/SentimentBadge';
import styles from './Market.module.css';

/** The coin's sentiment over 24 hours in the spec's colours, and how many posts it rests on. */
export function MarketSentiment({ asset }: { asset: Pick<MarketAsset, 'sentiment' | 'sentimentPosts'> }) {
  if (asset.sentiment === null) return <span className={styles.muted}>No posts</span>;
  return (
    <span className={styles.sentiment}>
      <SentimentBadge score={asset.sentiment} />
      <span className={styles.muted}>
        {formatCount(asset.sentimentPosts)} {asset.sentimentPosts === 1 ? 'post' : 'posts'}
      </span>
    </span>
  );
}
