import type { MarketAsset } from '@coinsight/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/Page';
import { Button, Card, ChangeValue, Table, type TableColumn, type TableSort } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { formatPrice, formatUsdCompact } from './format';
import { UpdatedStatus } from './LiveStatus';
import { MarketSentiment } from './MarketSentiment';
import { Sparkline } from './Sparkline';
import { StarButton } from './StarButton';
import { useLiveOverview } from './useLiveOverview';
import { useWatchlist } from './useWatchlist';
import styles from './Market.module.css';
import { formatFixed } from '../../lib/formatNumber';

type SortKey = 'rank' | 'name' | 'price' | 'change24h' | 'volume24h' | 'marketCap' | 'sentiment';

const SORT_VALUE: Record<SortKey, (asset: MarketAsset) => number | string | null> = {
  rank: (a) => a.rank,
  name: (a) => a.name.toLowerCase(),
  price: (a) => a.price,
  change24h: (a) => a.change24h,
  volume24h: (a) => a.volume24h,
  marketCap: (a) => a.marketCap,
  sentiment: (a) => a.sentiment,
};

const isSortKey = (key: string): key is SortKey => Object.hasOwn(SORT_VALUE, key);

/** Sorted by `sort`; assets without the figure (no tick yet) stay at the end either way. */
export function sortAssets(assets: readonly MarketAsset[], sort: TableSort): MarketAsset[] {
  const value = isSortKey(sort.key) ? SORT_VALUE[sort.key] : SORT_VALUE.rank;
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...assets].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : 0) * direction || a.rank - b.rank;
  });
}

export default function MarketPage() {
  const { overview, state } = useLiveOverview();
  const sparklines = trpc.market.sparklines.useQuery();
  const [sort, setSort] = useState<TableSort>({ key: 'rank', order: 'asc' });
  const data = overview.data;
  const closes = useMemo(() => new Map(sparklines.data?.series.map((s) => [s.symbol, s.closes])), [sparklines.data]);
  const watchlist = useWatchlist();
  // ?watchlist: only the starred coins (a link can keep the filter), for an account.
  const [params, setParams] = useSearchParams();
  const onlyWatchlist = watchlist.signedIn && params.has('watchlist');
  const starred = watchlist.symbols;
  const rows = useMemo(() => {
    const sorted = data ? sortAssets(data.assets, sort) : [];
    return onlyWatchlist ? sorted.filter((a) => starred.includes(a.symbol)) : sorted;
  }, [data, sort, onlyWatchlist, starred]);
  const showWatchlist = (only: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (only) next.set('watchlist', '');
        else next.delete('watchlist');
        return next;
      },
      { replace: true },
    );

  // docs/product.md §4: the same column toggles the order, a new one starts ascending.
  const changeSort = (key: string) =>
    setSort((current) => (current.key === key ? { key, order: current.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' }));

  const columns: TableColumn<MarketAsset>[] = [
    {
      key: 'watch',
      header: <span className={styles.visuallyHidden}>Watchlist</span>,
      cell: (a) => <StarButton symbol={a.symbol} name={a.name} watchlist={watchlist} />,
    },
    { key: 'rank', header: '#', cell: (a) => a.rank, align: 'end', sortable: true },
    {
      key: 'name',
      header: 'Coin',
      sortable: true,
      cell: (a) => (
        <Link to={`/market/${a.symbol}`} className={styles.coin}>
          <span className={styles.coinName}>{a.name}</span> <span className={styles.symbol}>{a.symbol}</span>
        </Link>
      ),
    },
    { key: 'price', header: 'Price', align: 'end', sortable: true, cell: (a) => (a.price === null ? '—' : formatPrice(a.price)) },
    {
      key: 'change24h',
      header: '24h',
      align: 'end',
      sortable: true,
      cell: (a) => (a.change24h === null ? '—' : <ChangeValue percent={a.change24h} of="price" />),
    },
    {
      key: 'volume24h',
      header: 'Volume (24h)',
      align: 'end',
      sortable: true,
      cell: (a) => (a.volume24h === null ? '—' : formatUsdCompact(a.volume24h)),
    },
    {
      key: 'marketCap',
      header: 'Market cap',
      align: 'end',
      sortable: true,
      cell: (a) => (a.marketCap === null ? '—' : formatUsdCompact(a.marketCap)),
    },
    { key: 'sentiment', header: 'Sentiment (24h)', sortable: true, cell: (a) => <MarketSentiment asset={a} /> },
    { key: 'sparkline', header: '7 days', cell: (a) => <Sparkline symbol={a.symbol} closes={closes.get(a.symbol) ?? []} /> },
  ];

  return (
    <Page
      title="Market"
      heading="Market Overview"
      description="Prices in USD, 24-hour change, volume, market cap and social sentiment for the crypto assets Coinsight tracks."
      width="wide"
    >
      {overview.isPending ? (
        <p role="status">Loading market data…</p>
      ) : overview.isError && !data ? (
        <p role="alert">Market data could not be loaded. Please try again in a moment.</p>
      ) : data ? (
        <>
          <div className={styles.figures}>
            <Card className={styles.figure}>
              <h2 className={styles.figureLabel}>BTC dominance</h2>
              <p className={styles.figureValue}>{data.btcDominance.value === null ? '—' : `${formatFixed(data.btcDominance.value, 2)}%`}</p>
              <p className={styles.muted}>{data.btcDominance.label}</p>
            </Card>
            <Card className={styles.figure}>
              <h2 className={styles.figureLabel}>Total market cap</h2>
              <p className={styles.figureValue}>{formatUsdCompact(data.totalMarketCap)}</p>
              <p className={styles.muted}>Sum over the {data.trackedAssets} tracked assets</p>
            </Card>
          </div>
          <UpdatedStatus asOf={data.asOf} none="No prices yet: the first tick is on its way." state={state} />
          {watchlist.signedIn ? (
            <div className={styles.filter} role="group" aria-label="Assets shown">
              <Button
                size="sm"
                variant={onlyWatchlist ? 'secondary' : 'primary'}
                aria-pressed={!onlyWatchlist}
                onClick={() => showWatchlist(false)}
              >
                All assets
              </Button>
              <Button
                size="sm"
                variant={onlyWatchlist ? 'primary' : 'secondary'}
                aria-pressed={onlyWatchlist}
                onClick={() => showWatchlist(true)}
              >
                Watchlist ({starred.length})
              </Button>
            </div>
          ) : null}
          {watchlist.error ? <p role="alert">Your watchlist could not be saved: {watchlist.error}</p> : null}
          <Table
            caption={onlyWatchlist ? 'Your watchlist' : 'Tracked assets by market cap'}
            emptyMessage={onlyWatchlist ? 'No coins in your watchlist yet: star one under All assets.' : undefined}
            columns={columns}
            rows={rows}
            rowKey={(a) => a.symbol}
            sort={sort}
            onSortChange={changeSort}
          />
        </>
      ) : null}
    </Page>
  );
}
