import {
  ANALYTICS_PERIODS,
  PERIOD_LABELS,
  PLATFORM_LABELS,
  type AnalyticsPeriod,
  type CandleInterval,
  type TopicOverview,
} from '@coinsight/contracts';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { BarList } from '../../components/charts/BarList';
import { partialBucketNote, TimelineChart } from '../../components/charts/TimelineChart';
import { Page } from '../../components/Page';
import { TitledSection } from '../../components/TitledSection';
import { Badge, ChangeValue, Select, Table, type TableColumn } from '../../components/ui';
import { formatCount, formatSentiment, SENTIMENT_SCALE } from '../../lib/formatNumber';
import { trpc } from '../../lib/trpc';
import { formatPrice } from '../market/format';
import { SearchResults } from './SearchResults';
import { SentimentBadge } from './SentimentBadge';
import { CreatorLink, TopicLink } from './socialLinks';
import { usePeriodParam } from './usePeriodParam';
import styles from './SocialPages.module.css';

// The chart library loads with a coin's page only.
const CandleChart = lazy(() => import('../market/CandleChart'));

/** The candles a period's price chart uses: minutes for a day, hours up to 30 days, days beyond. */
const INTERVAL_OF: Record<AnalyticsPeriod, CandleInterval> = { '24h': '1m', '7d': '1h', '30d': '1h', '90d': '1d' };

type Creator = TopicOverview['topCreators'][number];
const creatorColumns: TableColumn<Creator>[] = [
  {
    key: 'creator',
    header: 'Creator',
    cell: (c) => <CreatorLink platform={c.platform} username={c.username} className={styles.name} />,
    value: (c) => c.username,
  },
  { key: 'platform', header: 'Platform', cell: (c) => PLATFORM_LABELS[c.platform], value: (c) => c.platform },
  { key: 'mentions', header: 'Posts naming it', align: 'end', cell: (c) => formatCount(c.mentions), value: (c) => c.mentions },
  { key: 'followers', header: 'Followers', align: 'end', cell: (c) => formatCount(c.followers), value: (c) => c.followers },
  { key: 'sentiment', header: 'Sentiment', cell: (c) => <SentimentBadge score={c.sentiment} />, value: (c) => c.sentiment },
];

/** A coin's candles over the period with the topic's mentions on the same time axis. */
function PriceWithMentions({ data, symbol }: { data: TopicOverview; symbol: string }) {
  const interval = INTERVAL_OF[data.period];
  const history = trpc.market.history.useQuery({ symbol, interval });
  const start = data.timeline.buckets[0] ?? '';
  const candles = useMemo(() => (history.data?.candles ?? []).filter((c) => c.time >= start), [history.data, start]);
  const social = useMemo(
    () =>
      data.timeline.buckets.map((time, i) => ({
        time,
        mentions: data.timeline.mentions[i] ?? 0,
        sentiment: data.timeline.sentiment[i] ?? null,
      })),
    [data.timeline],
  );
  if (history.isError) return <p role="alert">The price history could not be loaded.</p>;
  if (!history.data) return <p role="status">Loading the price chart…</p>;
  if (candles.length === 0) return <p className={styles.muted}>No candles stored for this period yet.</p>;
  return (
    <Suspense fallback={<p role="status">Loading the price chart…</p>}>
      <CandleChart
        candles={candles}
        intraday={interval !== '1d'}
        social={social}
        description={`${symbol} price over the ${PERIOD_LABELS[data.period].toLowerCase()}, last price ${formatPrice(candles.at(-1)!.close)}, with mentions of ${data.topic} per ${data.timeline.granularity} as bars`}
      />
    </Suspense>
  );
}

function TopicCharts({ data }: { data: TopicOverview }) {
  const per = data.timeline.granularity;
  const partial = { partialLast: data.timeline.partial, partialNote: partialBucketNote(per, data.timeline.asOf) };
  return (
    <div className={styles.grid}>
      {data.asset ? (
        <figure className={styles.figure}>
          <figcaption className={styles.figcaption}>
            Price and mentions · <Link to={`/market/${data.asset.symbol}`}>{data.asset.name} market page</Link>
          </figcaption>
          <PriceWithMentions data={data} symbol={data.asset.symbol} />
        </figure>
      ) : null}
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>Mentions per {per}</figcaption>
        <TimelineChart
          times={data.timeline.buckets}
          series={[{ label: 'Mentions', values: data.timeline.mentions }]}
          yLabel="Posts"
          description={`Posts naming ${data.topic} per ${per}, ${PERIOD_LABELS[data.period].toLowerCase()}: ${formatCount(data.mentions)} in all.`}
          {...partial}
        />
      </figure>
      <figure className={styles.figure}>
        <figcaption className={styles.figcaption}>
          Mean sentiment per {per} ({SENTIMENT_SCALE})
        </figcaption>
        <TimelineChart
          times={data.timeline.buckets}
          series={[{ label: 'Sentiment', values: data.timeline.sentiment }]}
          yLabel="Sentiment"
          yRange={[0, 1]}
          yFormat={formatSentiment}
          description={`Mean sentiment of posts naming ${data.topic} per ${per} (${SENTIMENT_SCALE}).`}
          {...partial}
        />
      </figure>
    </div>
  );
}

function TopicStats({ data }: { data: TopicOverview }) {
  return (
    <dl className={styles.stats}>
      <div>
        <dt>Mentions</dt>
        <dd>{formatCount(data.mentions)}</dd>
      </div>
      <div>
        <dt>Sentiment</dt>
        <dd>
          <SentimentBadge score={data.sentiment} />
        </dd>
      </div>
      <div>
        <dt>24h change</dt>
        <dd>
          <ChangeValue percent={data.change24h} of="count" />
        </dd>
      </div>
      <div>
        <dt>Named alongside</dt>
        <dd>
          {data.relatedTokens.length > 0 ? (
            <ul className={styles.tokens}>
              {data.relatedTokens.map((symbol) => (
                <li key={symbol}>
                  <TopicLink topic={`$${symbol}`} />
                </li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </dd>
      </div>
    </dl>
  );
}

function TopicBody({ data }: { data: TopicOverview }) {
  return (
    <>
      <TopicStats data={data} />
      <TitledSection id="topic-time-heading" title="Over time" className={styles.section} titleClassName={styles.sectionTitle}>
        <TopicCharts data={data} />
      </TitledSection>
      <TitledSection id="topic-platforms-heading" title="By platform" className={styles.section} titleClassName={styles.sectionTitle}>
        <BarList
          label={`Mentions of ${data.topic} per platform`}
          items={data.platforms.map((p) => ({ label: PLATFORM_LABELS[p.platform], value: p.mentions }))}
          format={(n) => `${formatCount(n)} ${n === 1 ? 'post' : 'posts'}`}
          empty="No posts in this period."
        />
      </TitledSection>
      <TitledSection id="topic-creators-heading" title="Top creators" className={styles.section} titleClassName={styles.sectionTitle}>
        <p className={styles.muted}>The creators whose posts name {data.topic} most often, over all their posts.</p>
        <Table
          caption={`Top creators for ${data.topic}`}
          columns={creatorColumns}
          rows={data.topCreators}
          rowKey={(c) => `${c.platform}:${c.username}`}
          emptyMessage="No creator has named it yet"
          download={`coinsight-${data.topic.replace(/[^A-Za-z0-9]+/g, '')}-creators`}
        />
      </TitledSection>
      <TitledSection id="topic-posts-heading" title="Top posts" className={styles.section} titleClassName={styles.sectionTitle}>
        <p className={styles.muted}>The most engaged of the latest posts naming {data.topic} in this period.</p>
        {data.topPosts.length > 0 ? <SearchResults results={data.topPosts} /> : <p className={styles.muted}>No posts in this period.</p>}
      </TitledSection>
    </>
  );
}

/** /topics/:topic: a coin ('$BTC') or hashtag ('#defi') over a period, from the shared dataset. */
export default function TopicPage() {
  const topic = useParams().topic ?? '';
  const [period, setPeriod] = usePeriodParam(ANALYTICS_PERIODS, '7d');
  const overview = trpc.social.topic.useQuery({ topic, period }, { placeholderData: (previous) => previous });
  const status = overview.error?.data?.httpStatus;
  if (status === 400) {
    return (
      <Page title="Not a topic" description={`“${topic}” is not a coin such as $BTC or a hashtag such as #defi.`}>
        <p>
          <Link to="/social/analytics">See the trending topics</Link>
        </p>
      </Page>
    );
  }
  const data = overview.data;
  const name = data?.topic ?? topic;
  return (
    <Page
      title={`${name} mentions and sentiment`}
      heading={name}
      description={
        <>
          <Badge tone="info">{name.startsWith('$') ? 'Coin' : 'Hashtag'}</Badge> What the four platforms say about {name}: mentions,
          sentiment, who posts about it most and the posts that drew the most engagement.
        </>
      }
      metaDescription={`Social mentions, sentiment, top creators and top posts for ${name} on Coinsight.`}
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
      <p>
        <Link to="/social/analytics">← Social analytics</Link>
      </p>
      {data ? (
        <TopicBody data={data} />
      ) : overview.isError ? (
        <p role="alert">This topic could not be loaded. Please try again in a moment.</p>
      ) : (
        <p role="status">Loading {topic}…</p>
      )}
    </Page>
  );
}
