import { ANALYTICS_PERIODS, OVERVIEW_PLATFORMS, PERIOD_LABELS, PLATFORM_LABELS, type AnalyticsPeriod } from '@coinsight/contracts';
import { useState, type ReactNode } from 'react';
import { TitledSection } from '../../components/TitledSection';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { PlatformSummaryStats } from './PlatformSummaryStats';
import { ButtonLink, Card, Select } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './SocialAnalytics.module.css';
import { TimelineCharts } from './TimelineCharts';
import { TrendingTopics } from './TrendingTopics';

export const ANALYTICS_LOAD_FAILED_MESSAGE = 'Failed to load the analytics. Please try again later.';

function Loadable<T>({
  query,
  label,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className={styles.status} role="status">
        Loading {label}…
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <FormAlert tone="error">
        <p>{ANALYTICS_LOAD_FAILED_MESSAGE}</p>
      </FormAlert>
    );
  }
  return <>{children(query.data)}</>;
}

/** docs/product.md §2 social analytics overview: platform cards with View Details, trending topics, and charts over time. */
export default function SocialAnalyticsPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('7d');
  const summaries = trpc.social.summaries.useQuery({ period });
  const trending = trpc.social.trending.useQuery({ period, limit: 10 });
  const timeline = trpc.social.timeline.useQuery({ period });

  return (
    <Page
      title="Social Analytics"
      description="How much each platform is talking about crypto, how it feels about it, and which coins and hashtags are trending."
      actions={
        <Select
          className={styles.toolbar}
          label="Period"
          value={period}
          options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)}
        />
      }
    >
      <TitledSection id="platforms-heading" title="Platforms" className={styles.section} titleClassName={styles.sectionTitle}>
        <Loadable query={summaries} label="platform summaries">
          {(data) => (
            <ul className={styles.cards}>
              {OVERVIEW_PLATFORMS.map((platform) => {
                const summary = data.platforms.find((s) => s.platform === platform);
                return summary ? (
                  <li key={platform}>
                    <Card className={styles.card} title={PLATFORM_LABELS[platform]} titleLevel={3}>
                      <PlatformSummaryStats summary={summary} />
                      <div className={styles.cardFooter}>
                        <ButtonLink
                          to={`/social/${platform}`}
                          variant="secondary"
                          size="sm"
                          aria-label={`View Details: ${PLATFORM_LABELS[platform]}`}
                        >
                          View Details
                        </ButtonLink>
                      </div>
                    </Card>
                  </li>
                ) : null;
              })}
            </ul>
          )}
        </Loadable>
      </TitledSection>

      <TitledSection id="trending-heading" title="Trending topics" className={styles.section} titleClassName={styles.sectionTitle}>
        <Loadable query={trending} label="trending topics">
          {(data) => <TrendingTopics topics={data.topics} />}
        </Loadable>
      </TitledSection>

      <TitledSection id="timeline-heading" title="Over time" className={styles.section} titleClassName={styles.sectionTitle}>
        <Loadable query={timeline} label="charts">
          {(data) => <TimelineCharts timeline={data} />}
        </Loadable>
      </TitledSection>
    </Page>
  );
}
