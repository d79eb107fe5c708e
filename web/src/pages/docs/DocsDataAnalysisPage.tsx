import { MAX_HISTORY_CANDLES, V1_HISTORY_DEFAULT_SPANS_TEXT, V1_SERIES_MAX_BUCKETS, WATCHLIST_MAX_ASSETS } from '@coinsight/contracts';
import { dataAnalysis } from '@coinsight/sdk/examples';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { DocExample } from './DocExample';
import { onlyWays } from './ways';
import { WaysIn } from './WaysIn';
import styles from './docs.module.css';
import { formatCount } from '../../lib/formatNumber';

// This guide's Python and CLI examples, when there are any, in one place after the TypeScript ones.
const OTHER_WAYS = onlyWays(Object.values(dataAnalysis), ['python', 'cli']);

export default function DocsDataAnalysisPage() {
  return (
    <Page
      title="Data Analysis"
      description="Combine price history, social mentions and sentiment from the API to study how conversation and markets move together."
    >
      <article className={styles.article}>
        <h2>Price history</h2>
        <p>
          <code>GET /v1/crypto/history</code> answers candles (open, high, low, close and the USD volume traded) of one asset over{' '}
          <code>[from, to)</code>, oldest first. <code>interval</code> is <code>1m</code>, <code>1h</code> (the default) or <code>1d</code>;{' '}
          <code>from</code> and <code>to</code> are unix seconds or ISO 8601 times. Without <code>from</code>, the span is{' '}
          {V1_HISTORY_DEFAULT_SPANS_TEXT} before <code>to</code>, at most {formatCount(MAX_HISTORY_CANDLES)} candles a call.
        </p>
        <DocExample example={dataAnalysis.historyCurl} />

        <h2>Mentions</h2>
        <p>
          <code>GET /v1/social/mentions</code> counts the posts naming an asset per platform over the last hour, 24 hours (the default), 7
          days or 30 days, with their mean sentiment and the number of posts behind it. <code>platform</code> narrows it to one.
        </p>
        <DocExample example={dataAnalysis.mentionsCurl} />

        <h2>Social time series</h2>
        <p>
          <code>GET /v1/social/timeseries</code> answers an asset&apos;s mentions, mean sentiment (0 to 1) and engagement (likes, comments,
          shares, replies and retweets; not views) per hour (<code>interval=1h</code>, the default) or UTC day (<code>1d</code>) over{' '}
          <code>[from, to)</code>, oldest first, every bucket present: an empty one has 0 mentions and a <code>null</code> sentiment.{' '}
          <code>from</code> is rounded down and <code>to</code> up to whole buckets; without them the range is the 7 days (hours) or 90 days
          (days) before now, at most {formatCount(V1_SERIES_MAX_BUCKETS)} buckets a call. <code>platform</code> narrows it to one.
        </p>
        <DocExample example={dataAnalysis.timeseriesCurl} />

        <h2>Trending topics</h2>
        <p>
          <code>GET /v1/social/trending</code> lists the most mentioned topics (coins as <code>$BTC</code>, hashtags as <code>#defi</code>)
          over the last 24 hours (the default) or 7 days, with their mean sentiment, the change of their mentions over the last 24 hours
          against the 24 before, and the coins named alongside.
        </p>
        <DocExample example={dataAnalysis.trendingCurl} />

        <h2>Assets and your watchlist</h2>
        <p>
          <code>GET /v1/assets</code> lists every tracked asset by market-cap rank, in pages like the posts below.{' '}
          <code>GET /v1/watchlist</code> answers the coins you starred in the app, in order, and <code>PUT /v1/watchlist</code> replaces
          them (at most {WATCHLIST_MAX_ASSETS}); neither is billed.
        </p>
        <DocExample example={dataAnalysis.assetsCurl} />
        <DocExample example={dataAnalysis.watchlistCurl} />
        <DocExample example={dataAnalysis.watchlistSeries} />

        <h2>Sentiment</h2>
        <p>
          <code>GET /v1/market/sentiment</code> scores the last 24 hours of posts for up to 25 assets at once, per source and over the
          sources you ask for (<code>twitter</code>, <code>instagram</code>, <code>facebook</code>, <code>linkedin</code>; all four by
          default). Scores run from 0 to 1: 0.7 and above reads positive, 0.4 and above neutral, lower negative. Each figure says how many
          posts it averages, so you can tell a strong signal from a thin one.
        </p>
        <DocExample example={dataAnalysis.sentimentCurl} />

        <h2>Posts</h2>
        <p>
          <code>GET /v1/data</code> answers the posts themselves, newest first, in one shape for every platform. Filter by{' '}
          <code>platform</code>, <code>symbol</code>, <code>minLikes</code>, a time window (<code>from</code> inclusive, <code>to</code>{' '}
          exclusive) and a full-text <code>q</code>: words, <code>&quot;exact phrases&quot;</code>, <code>-excluded</code>, <code>OR</code>,{' '}
          <code>$cashtags</code> and <code>#hashtags</code>. Pages hold up to 100 posts (25 by default); pass <code>nextCursor</code> back
          as <code>cursor</code> until it is <code>null</code>. The cursor never skips or repeats a post, even while new ones arrive.
        </p>
        <DocExample example={dataAnalysis.postsCurl} />

        <h2>Price against conversation</h2>
        <p>
          The SDK makes the three calls in parallel and hands back typed answers. Here, the day&apos;s price change beside the day&apos;s
          mentions and sentiment:
        </p>
        <DocExample example={dataAnalysis.priceVsTalk} />
        <DocExample example={dataAnalysis.priceVsTalkPython} />

        <h2>Every post, page after page</h2>
        <p>
          <code>data.iterate()</code> follows the cursor for you and yields post after post. Each page is one call, metered like any other:
          narrow the query (symbol, time window, <code>minLikes</code>) before walking a large set.
        </p>
        <DocExample example={dataAnalysis.iteratePosts} />
        {Object.keys(OTHER_WAYS).length > 0 ? (
          <>
            <h2>In Python and on the command line</h2>
            <WaysIn label="Client" ways={OTHER_WAYS} />
          </>
        ) : null}
        <p>
          The fields of every answer are in the <Link to="/api">API reference</Link>.
        </p>
      </article>
    </Page>
  );
}
