import type { TrendingTopic } from '@coinsight/contracts';
import { SentimentBadge } from './SentimentBadge';
import { TopicLink } from './socialLinks';
import { Badge, ChangeValue, Table, type TableColumn } from '../../components/ui';
import { formatCount } from '../../lib/formatNumber';
import styles from './SocialAnalytics.module.css';

const columns: TableColumn<TrendingTopic>[] = [
  {
    key: 'topic',
    header: 'Topic',
    value: (t) => t.topic,
    cell: (t) => (
      <strong>
        <TopicLink topic={t.topic} />
      </strong>
    ),
  },
  { key: 'mentions', header: 'Mentions', align: 'end', cell: (t) => formatCount(t.mentions), value: (t) => t.mentions },
  { key: 'sentiment', header: 'Sentiment', cell: (t) => <SentimentBadge score={t.sentiment} />, value: (t) => t.sentiment },
  {
    key: 'change24h',
    header: '24h change',
    align: 'end',
    cell: (t) => <ChangeValue percent={t.change24h} of="count" />,
    value: (t) => t.change24h,
  },
  {
    key: 'relatedTokens',
    header: 'Related tokens',
    value: (t) => t.relatedTokens.join(' '),
    cell: (t) =>
      t.relatedTokens.length > 0 ? (
        <span className={styles.tokens}>
          {t.relatedTokens.map((symbol) => (
            <Badge key={symbol} tone="neutral">
              {symbol}
            </Badge>
          ))}
        </span>
      ) : (
        '—'
      ),
  },
];

/** docs/product.md §3 trending topics: coins as $BTC, hashtags as #defi. */
export function TrendingTopics({ topics }: { topics: TrendingTopic[] }) {
  return (
    <Table
      caption="Trending topics"
      columns={columns}
      rows={topics}
      rowKey={(t) => t.id}
      emptyMessage="No topics in this period"
      download="coinsight-trending-topics"
    />
  );
}
