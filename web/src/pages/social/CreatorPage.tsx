import {
  CREATOR_PERIODS,
  isSocialPlatform,
  PERIOD_LABELS,
  PLATFORM_LABELS,
  type CreatorOverview,
  type CreatorPeriod,
} from '@coinsight/contracts';
import { Link, useParams } from 'react-router';
import { TimelineChart } from '../../components/charts/TimelineChart';
import { Page } from '../../components/Page';
import { TitledSection } from '../../components/TitledSection';
import { Badge, Select, Table, type TableColumn } from '../../components/ui';
import { formatCount, formatSentiment, SENTIMENT_SCALE } from '../../lib/formatNumber';
import { trpc } from '../../lib/trpc';
import { SearchResults } from './SearchResults';
import { SentimentBadge } from './SentimentBadge';
import { authorName, TopicLink } from './socialLinks';
import { usePeriodParam } from './usePeriodParam';
import styles from './SocialPages.module.css';

type Topic = CreatorOverview['topics'][number];
const topicColumns: TableColumn<Topic>[] = [
  { key: 'topic', header: 'Topic', cell: (t) => <TopicLink topic={t.topic} className={styles.name} />, value: (t) => t.topic },
  { key: 'mentions', header: 'Posts naming it', align: 'end', cell: (t) => formatCount(t.mentions), value: (t) => t.mentions },
  { key: 'sentiment', header: 'Sentiment', cell: (t) => <SentimentBadge score={t.sentiment} />, value: (t) => t.sentiment },
];

function CreatorStats({ data }: { data: CreatorOverview }) {
  return (
    <dl className={styles.stats}>
      <div>
        <dt>Followers</dt>
        <dd>{formatCount(data.followers)}</dd>
      </div>
      <div>
        <dt>Posts</dt>
        <dd>{formatCount(data.posts)}</dd>
      </div>
      <div>
        <dt>Engagement</dt>
        <dd>{formatCount(data.engagement)}</dd>
      </div>
      <div>
        <dt>Sentiment</dt>
        <dd>{data.posts > 0 ? <SentimentBadge score={data.sentiment} /> : '—'}</dd>
      </div>
    </dl>
  );
}

function CreatorCharts({ data }: { data: CreatorOverview }) {
  const partial = {
    partialLast: true,
    partialNote: `The last point is today so far (UTC, up to ${data.timeline.asOf.slice(11, 16)}), not a full day.`,
  };
  const span = PERIOD_LABELS[data.period].toLowerCase();
  return (
    <div className={styles.grid}>
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>Posts per day</figcaption>
        <TimelineChart
          times={data.timeline.buckets}
          series={[{ label: 'Posts', values: data.timeline.posts }]}
          yLabel="Posts"
          description={`Posts per day, ${span}: ${formatCount(data.posts)} in all.`}
          {...partial}
        />
      </figure>
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>Engagement per day</figcaption>
        <TimelineChart
          times={data.timeline.buckets}
          series={[{ label: 'Engagement', values: data.timeline.engagement }]}
          yLabel="Engagement"
          description={`Engagement on the day's posts (likes, comments, shares, replies, retweets), ${span}: ${formatCount(data.engagement)} in all.`}
          {...partial}
        />
      </figure>
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>Mean sentiment per day ({SENTIMENT_SCALE})</figcaption>
        <TimelineChart
          times={data.timeline.buckets}
          series={[{ label: 'Sentiment', values: data.timeline.sentiment }]}
          yLabel="Sentiment"
          yRange={[0, 1]}
          yFormat={formatSentiment}
          description={`Mean sentiment of the creator's posts per day (${SENTIMENT_SCALE}), ${span}.`}
          {...partial}
        />
      </figure>
    </div>
  );
}

function CreatorBody({ data }: { data: CreatorOverview }) {
  const coins = data.topics.filter((t) => t.topic.startsWith('$'));
  const hashtags = data.topics.filter((t) => t.topic.startsWith('#'));
  return (
    <>
      <CreatorStats data={data} />
      <TitledSection id="creator-time-heading" title="Over time" className={styles.section} titleClassName={styles.sectionTitle}>
        <CreatorCharts data={data} />
      </TitledSection>
      <TitledSection
        id="creator-topics-heading"
        title="What they talk about"
        className={styles.section}
        titleClassName={styles.sectionTitle}
      >
        <p className={styles.muted}>The coins and hashtags named most often, over all their posts.</p>
        <div className={styles.grid}>
          <Table caption="Coins" columns={topicColumns} rows={coins} rowKey={(t) => t.topic} emptyMessage="No coins named yet" />
          <Table caption="Hashtags" columns={topicColumns} rows={hashtags} rowKey={(t) => t.topic} emptyMessage="No hashtags used yet" />
        </div>
      </TitledSection>
      <TitledSection id="creator-posts-heading" title="Latest posts" className={styles.section} titleClassName={styles.sectionTitle}>
        {data.recentPosts.length > 0 ? <SearchResults results={data.recentPosts} /> : <p className={styles.muted}>No posts yet.</p>}
      </TitledSection>
    </>
  );
}

function CreatorNotFound({ name, platform }: { name: string; platform: string }) {
  return (
    <Page title="Creator not found" description={`No ${platform} creator named ${name} has posts in Coinsight's data.`}>
      <p>
        <Link to="/social/analytics">See who is talking about the trending topics</Link>
      </p>
    </Page>
  );
}

/** /creators/:platform/:handle: one author of the shared dataset, their posts, engagement and topics. */
export default function CreatorPage() {
  const params = useParams();
  const platform = isSocialPlatform(params.platform) ? params.platform : undefined;
  const handle = params.handle ?? '';
  const [period, setPeriod] = usePeriodParam(CREATOR_PERIODS, '30d');
  const overview = trpc.social.creator.useQuery(
    { platform: platform ?? 'twitter', handle, period },
    { enabled: platform !== undefined, placeholderData: (previous) => previous },
  );
  if (!platform) return <CreatorNotFound name={handle} platform={params.platform ?? ''} />;
  const status = overview.error?.data?.httpStatus;
  if (status === 404 || status === 400) return <CreatorNotFound name={authorName(platform, handle)} platform={PLATFORM_LABELS[platform]} />;
  const data = overview.data;
  const name = authorName(platform, data?.username ?? handle);
  return (
    <Page
      title={`${name} on ${PLATFORM_LABELS[platform]}`}
      heading={data?.displayName && data.displayName !== data.username ? `${data.displayName} (${name})` : name}
      description={
        <>
          <Badge tone="info">{PLATFORM_LABELS[platform]}</Badge> Their posts, the engagement they draw, and the coins and topics they talk
          about.
        </>
      }
      metaDescription={`${name} on ${PLATFORM_LABELS[platform]}: posts, engagement, sentiment and the coins they talk about, on Coinsight.`}
      actions={
        <Select
          className={styles.toolbar}
          label="Period"
          value={period}
          options={CREATOR_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          onChange={(event) => setPeriod(event.target.value as CreatorPeriod)}
        />
      }
    >
      <p>
        <Link to={`/social/${platform}`}>← {PLATFORM_LABELS[platform]} posts</Link>
      </p>
      {data ? (
        <CreatorBody data={data} />
      ) : overview.isError ? (
        <p role="alert">This creator could not be loaded. Please try again in a moment.</p>
      ) : (
        <p role="status">Loading {name}…</p>
      )}
    </Page>
  );
}
