import type { AnalysisReport } from '@coinsight/contracts';
import { useMemo, type ReactNode } from 'react';
import { BarList, type BarListItem } from '../../components/charts/BarList';
import { TimelineChart } from '../../components/charts/TimelineChart';
import { Card } from '../../components/ui';
import { formatCount, formatSentiment, SENTIMENT_SCALE } from '../../lib/formatNumber';
import { sentimentColor, signalColorVar } from '../../lib/signalColor';
import { lastDay, PLATFORM_LABEL } from './taskText';
import styles from './Tasks.module.css';

const posts = (n: number) => `${formatCount(n)} ${n === 1 ? 'post' : 'posts'}`;

/** A card of one bar list of post counts, labelled by its title unless `label` says otherwise. */
function BarCard({ title, label = title, empty, items }: { title: string; label?: string; empty: string; items: BarListItem[] }) {
  return (
    <Card title={title} titleLevel={2}>
      <BarList label={label} format={posts} empty={empty} items={items} />
    </Card>
  );
}

/** An analysis task's report: the five views the issue names, drawn from the stored report. */
export function TaskReport({ report, action }: { report: AnalysisReport; action?: ReactNode }) {
  const times = useMemo(() => report.mentionsOverTime.map((bucket) => bucket.at), [report]);
  const series = useMemo(() => [{ label: 'Posts', values: report.mentionsOverTime.map((bucket) => bucket.posts) }], [report]);
  const { sentiment } = report;
  const span = report.from && report.to ? `${report.from.slice(0, 10)} to ${lastDay(report.to)}` : null;

  return (
    <div className={styles.report}>
      <div className={styles.reportHead}>
        <p className={styles.reportLead}>
          {posts(report.posts)}
          {span ? `, ${span} (UTC)` : ''}.{' '}
          {sentiment.average === null ? null : (
            <>
              Average sentiment{' '}
              <strong style={{ color: signalColorVar(sentimentColor(sentiment.average)) }}>{formatSentiment(sentiment.average)}</strong> (
              {SENTIMENT_SCALE}).
            </>
          )}
        </p>
        {action}
      </div>
      <Card title="Mentions over time" titleLevel={2}>
        {report.mentionsOverTime.length === 0 ? (
          <p className={styles.muted}>No posts matched.</p>
        ) : (
          <TimelineChart
            times={times}
            series={series}
            yLabel={report.interval === 'hour' ? 'Posts per hour' : 'Posts per day'}
            description={`Posts per ${report.interval} mentioning the query, ${report.mentionsOverTime.length} points`}
          />
        )}
      </Card>
      <div className={styles.reportGrid}>
        <BarCard
          title="Sentiment"
          label="Sentiment distribution"
          empty="No posts to score."
          items={[
            { label: 'Positive', value: sentiment.positive, tone: 'green' },
            { label: 'Neutral', value: sentiment.neutral, tone: 'yellow' },
            { label: 'Negative', value: sentiment.negative, tone: 'red' },
          ]}
        />
        <BarCard
          title="Top authors"
          empty="No authors."
          items={report.topAuthors.map((author) => ({
            // LinkedIn authors are people's names, shown without '@' (docs/social-data.md).
            label: `${author.platform === 'linkedin' ? '' : '@'}${author.username} (${PLATFORM_LABEL[author.platform]})`,
            value: author.posts,
          }))}
        />
        <BarCard
          title="Top hashtags"
          empty="No hashtags."
          items={report.topHashtags.map((tag) => ({ label: `#${tag.tag}`, value: tag.posts }))}
        />
        <BarCard
          title="Co-mentioned coins"
          empty="No other coins were mentioned."
          items={report.coMentioned.map((coin) => ({ label: coin.symbol, value: coin.posts }))}
        />
      </div>
    </div>
  );
}
