import { CANDLE_INTERVALS, type CandleInterval, type MarketAsset } from '@coinsight/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { TimelineChart } from '../../components/charts/TimelineChart';
import { Page } from '../../components/Page';
import { Button, ButtonLink, Card, ChangeValue } from '../../components/ui';
import { formatCount, formatSentiment, SENTIMENT_SCALE } from '../../lib/formatNumber';
import { trpc } from '../../lib/trpc';
import { SearchResults } from '../social/SearchResults';
import { alertPrice, formatPrice, formatSupply, formatUsdCompact } from './format';
import { withLivePrice } from './liveCandles';
import { UpdatedStatus } from './LiveStatus';
import { MarketSentiment } from './MarketSentiment';
import { SocialOverlayControls } from './SocialOverlayControls';
import { StarButton } from './StarButton';
import { useLiveOverview } from './useLiveOverview';
import { useWatchlist } from './useWatchlist';
import styles from './Market.module.css';

// The chart library loads with this page only.
const CandleChart = lazy(() => import('./CandleChart'));

const INTERVAL_LABELS: Record<CandleInterval, { button: string; span: string }> = {
  '1m': { button: '1m', span: 'last 24 hours, minute candles' },
  '1h': { button: '1h', span: 'last 30 days, hourly candles' },
  '1d': { button: '1d', span: 'last year, daily candles' },
};

function isNotFound(error: { data?: { httpStatus?: number } | null } | null): boolean {
  const status = error?.data?.httpStatus;
  return status === 404 || status === 400;
}

/** The asset page's meta description, for search results and link previews: its name and ticker, no figure that goes stale. */
export function assetMetaDescription(name: string, symbol: string): string {
  return `${name} (${symbol}) price today: live price, 24h change, market cap, volume, price chart, social mentions and sentiment on Coinsight.`;
}

export default function AssetPage() {
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const [interval, setChartInterval] = useState<CandleInterval>('1h');
  const [showSentiment, setShowSentiment] = useState(false);
  const detail = trpc.market.asset.useQuery({ symbol, interval }, { placeholderData: (previous) => previous });
  const history = trpc.market.history.useQuery({ symbol, interval });
  // The page is public (signed-out visitors see live prices); the posts search is an account's, so
  // it is asked only when signed in.
  const signedIn = useSession().user !== null;
  const location = useLocation();
  const posts = trpc.social.search.useQuery({ q: `$${symbol}`, limit: 5 }, { enabled: detail.isSuccess && signedIn });
  const { overview, state } = useLiveOverview();
  const watchlist = useWatchlist();

  // The live overview moves the figures with every tick; the asset query has them until it arrives.
  const asset: MarketAsset | undefined = overview.data?.assets.find((a) => a.symbol === symbol) ?? detail.data?.asset;
  // The chart ends at the header's price: the same figure, from the same source.
  const candles = useMemo(
    () => (history.data ? withLivePrice(history.data.candles, asset, interval) : []),
    [history.data, asset, interval],
  );

  if (detail.isError && isNotFound(detail.error)) {
    return (
      <Page
        title="Asset not found"
        heading="Asset not found"
        description={`Coinsight does not track an asset with the ticker “${symbol}”.`}
      >
        <p>
          <Link to="/market">See the tracked assets on the market overview</Link>
        </p>
      </Page>
    );
  }

  const title = asset ? `${asset.name} (${asset.symbol})` : symbol;

  return (
    <Page
      title={title}
      heading={title}
      description={`Price, chart, mentions and sentiment for ${asset?.name ?? symbol}.`}
      metaDescription={assetMetaDescription(asset?.name ?? symbol, symbol)}
      actions={
        asset ? (
          <span className={styles.titleActions}>
            <StarButton symbol={asset.symbol} name={asset.name} watchlist={watchlist} />
            {asset.price ? (
              <ButtonLink to={`/alerts?symbol=${encodeURIComponent(symbol)}&price=${alertPrice(asset.price)}`}>Create alert</ButtonLink>
            ) : null}
          </span>
        ) : null
      }
    >
      <p>
        <Link to="/market">← Market overview</Link>
      </p>
      {watchlist.error ? <p role="alert">Your watchlist could not be saved: {watchlist.error}</p> : null}
      {detail.isError ? <p role="alert">This asset could not be loaded. Please try again in a moment.</p> : null}
      {asset ? (
        <>
          <dl className={styles.header}>
            <div>
              <dt>Price</dt>
              <dd>{asset.price === null ? '—' : formatPrice(asset.price)}</dd>
            </div>
            <div>
              <dt>24h change</dt>
              <dd>{asset.change24h === null ? '—' : <ChangeValue percent={asset.change24h} of="price" />}</dd>
            </div>
            <div>
              <dt>Market cap</dt>
              <dd>{asset.marketCap === null ? '—' : formatUsdCompact(asset.marketCap)}</dd>
            </div>
            <div>
              <dt>Volume (24h)</dt>
              <dd>{asset.volume24h === null ? '—' : formatUsdCompact(asset.volume24h)}</dd>
            </div>
            <div>
              <dt>Circulating supply</dt>
              <dd>{asset.circulatingSupply === null ? '—' : `${formatSupply(asset.circulatingSupply)} ${asset.symbol}`}</dd>
            </div>
            <div>
              <dt>Max supply</dt>
              <dd>{asset.maxSupply === null ? 'No cap' : `${formatSupply(asset.maxSupply)} ${asset.symbol}`}</dd>
            </div>
            <div>
              <dt>Rank</dt>
              <dd>#{asset.rank}</dd>
            </div>
          </dl>
          <UpdatedStatus asOf={asset.asOf} none="No price yet." state={state} />
        </>
      ) : detail.isPending ? (
        <p role="status">Loading {symbol}…</p>
      ) : null}

      <div className={styles.panels}>
        <Card className={styles.pricePanel}>
          <div className={styles.toolbar}>
            <h2 className={styles.panelTitle}>Price ({INTERVAL_LABELS[interval].span})</h2>
            <div className={styles.intervals} role="group" aria-label="Candle interval">
              {CANDLE_INTERVALS.map((value) => (
                <Button
                  key={value}
                  size="sm"
                  variant={value === interval ? 'primary' : 'secondary'}
                  aria-pressed={value === interval}
                  onClick={() => setChartInterval(value)}
                >
                  {INTERVAL_LABELS[value].button}
                </Button>
              ))}
            </div>
          </div>
          {history.isError ? (
            <p role="alert">The price history could not be loaded.</p>
          ) : history.data ? (
            candles.length === 0 ? (
              <p className={styles.muted}>No candles stored for this span yet.</p>
            ) : (
              <>
                <SocialOverlayControls
                  symbol={symbol}
                  bucket={detail.data?.social.bucket}
                  showSentiment={showSentiment}
                  onShowSentiment={setShowSentiment}
                />
                <Suspense fallback={<div className={styles.chart} aria-hidden="true" />}>
                  <CandleChart
                    candles={candles}
                    intraday={interval !== '1d'}
                    social={detail.data?.social.points ?? []}
                    showSentiment={showSentiment}
                    // "last price" ends the description: the browser test reads the chart's price from there.
                    description={`${symbol} candlestick chart, ${INTERVAL_LABELS[interval].span}: ${candles.length} candles with mentions of $${symbol} per ${detail.data?.social.bucket ?? 'bucket'} as bars${showSentiment ? ' and their mean sentiment as a line' : ''}, last price ${formatPrice(candles.at(-1)!.close)}`}
                  />
                </Suspense>
              </>
            )
          ) : (
            <div className={styles.chart} role="status" aria-label="Loading the chart" />
          )}
        </Card>
        <Card>
          <h2 className={styles.panelTitle}>Mentions and sentiment</h2>
          {detail.data ? (
            <>
              <p className={styles.muted}>
                {formatCount(detail.data.social.mentions)} {detail.data.social.mentions === 1 ? 'post names' : 'posts name'} ${symbol} over
                the {INTERVAL_LABELS[interval].span.split(',')[0]}.
              </p>
              <p>
                <MarketSentiment asset={{ sentiment: detail.data.social.sentiment, sentimentPosts: detail.data.social.sentimentPosts }} />
              </p>
              {detail.data.social.points.length > 0 ? (
                <>
                  <TimelineChart
                    times={detail.data.social.points.map((p) => p.time)}
                    series={[{ label: 'Mentions', values: detail.data.social.points.map((p) => p.mentions) }]}
                    yLabel="Mentions"
                    height={160}
                    description={`Mentions of $${symbol} per ${detail.data.social.bucket}`}
                  />
                  <TimelineChart
                    times={detail.data.social.points.map((p) => p.time)}
                    series={[{ label: 'Sentiment', values: detail.data.social.points.map((p) => p.sentiment) }]}
                    yLabel="Sentiment"
                    yRange={[0, 1]}
                    yFormat={formatSentiment}
                    height={160}
                    description={`Mean sentiment (${SENTIMENT_SCALE}) of posts naming $${symbol} per ${detail.data.social.bucket}`}
                  />
                </>
              ) : null}
            </>
          ) : null}
        </Card>
      </div>

      <Card title="Recent posts">
        {!signedIn ? (
          <p className={styles.muted}>
            <Link to="/login" state={{ from: location }}>
              Sign in
            </Link>{' '}
            to see the latest posts that name ${symbol}.
          </p>
        ) : posts.data ? (
          posts.data.data.length > 0 ? (
            <SearchResults results={posts.data.data} />
          ) : (
            <p className={styles.muted}>No stored posts name ${symbol} yet.</p>
          )
        ) : posts.isError ? (
          <p role="alert">Posts could not be loaded.</p>
        ) : (
          <p role="status">Loading posts…</p>
        )}
      </Card>
    </Page>
  );
}
