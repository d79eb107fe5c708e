import { PLATFORM_LABELS, PERIOD_LABELS, type Timeline } from '@coinsight/contracts';
import { partialBucketNote, TimelineChart } from '../../components/charts/TimelineChart';
import { formatCount, formatSentiment, SENTIMENT_SCALE } from '../../lib/formatNumber';
import styles from './SocialAnalytics.module.css';

/** Mentions and mean sentiment over the period, one line per platform. */
export function TimelineCharts({ timeline }: { timeline: Timeline }) {
  const per = timeline.granularity === 'hour' ? 'hour' : 'day';
  const partial = { partialLast: timeline.partial, partialNote: partialBucketNote(timeline.granularity, timeline.asOf) };
  const totals = timeline.series
    .map((s) => `${PLATFORM_LABELS[s.platform]} ${formatCount(s.mentions.reduce((a, b) => a + b, 0))}`)
    .join(', ');
  return (
    <div className={styles.charts}>
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>Mentions per {per}</figcaption>
        <TimelineChart
          times={timeline.buckets}
          series={timeline.series.map((s) => ({ label: PLATFORM_LABELS[s.platform], values: s.mentions }))}
          yLabel="Posts"
          description={`Posts per ${per}, ${PERIOD_LABELS[timeline.period].toLowerCase()}. Totals: ${totals}.`}
          {...partial}
        />
      </figure>
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>
          Mean sentiment per {per} ({SENTIMENT_SCALE})
        </figcaption>
        <TimelineChart
          times={timeline.buckets}
          series={timeline.series.map((s) => ({ label: PLATFORM_LABELS[s.platform], values: s.sentiment }))}
          yLabel="Sentiment"
          yRange={[0, 1]}
          yFormat={formatSentiment}
          description={`Mean sentiment per ${per} (${SENTIMENT_SCALE}), ${PERIOD_LABELS[timeline.period].toLowerCase()}, one line per platform.`}
          {...partial}
        />
      </figure>
    </div>
  );
}
