import { WATCHLIST_DEFAULT_SIZE, type MarketAsset } from '@coinsight/contracts';
import { Link } from 'react-router';
import { Card, ChangeValue, Table, type TableColumn } from '../../components/ui';
import { formatPrice } from '../market/format';
import { LiveStatus } from '../market/LiveStatus';
import { useLiveOverview } from '../market/useLiveOverview';
import { useWatchlist } from '../market/useWatchlist';
import styles from './Dashboard.module.css';

const columns: TableColumn<MarketAsset>[] = [
  {
    key: 'asset',
    header: 'Asset',
    value: (asset) => asset.symbol,
    cell: (asset) => (
      <>
        <strong>{asset.symbol}</strong> <span className={styles.muted}>{asset.name}</span>
      </>
    ),
  },
  {
    key: 'price',
    header: 'Price',
    align: 'end',
    cell: (asset) => (asset.price === null ? '—' : formatPrice(asset.price)),
    value: (a) => a.price,
  },
  {
    key: 'change',
    header: '24h',
    align: 'end',
    cell: (asset) => (asset.change24h === null ? '—' : <ChangeValue percent={asset.change24h} of="price" />),
    value: (asset) => asset.change24h,
  },
];

/**
 * The account's starred coins in the order starred, live from `market.live` (polled every 30 s
 * while the stream is down); until it stars one, the largest WATCHLIST_DEFAULT_SIZE, and it says so.
 */
export function Watchlist() {
  const { overview, state } = useLiveOverview();
  const watchlist = useWatchlist();
  const all = overview.data?.assets ?? [];
  const own = watchlist.symbols.length > 0;
  const assets = own
    ? watchlist.symbols.flatMap((symbol) => all.filter((asset) => asset.symbol === symbol))
    : [...all].sort((a, b) => a.rank - b.rank).slice(0, WATCHLIST_DEFAULT_SIZE);
  return (
    <Card title="Watchlist" aria-label="Watchlist">
      <LiveStatus state={state} />
      {overview.isError ? (
        <p className={styles.muted}>Prices could not be loaded. They are tried again every 30 seconds.</p>
      ) : overview.data && watchlist.loaded ? (
        <>
          {own ? null : (
            <p className={styles.muted}>
              The top {WATCHLIST_DEFAULT_SIZE} by market cap, until you star coins of your own on the <Link to="/market">market</Link> or an
              asset&apos;s page.
            </p>
          )}
          <Table
            columns={columns}
            rows={assets}
            rowKey={(asset) => asset.id}
            caption={own ? 'Your watchlist' : 'Top assets by market cap'}
            emptyMessage="No prices yet."
            download="coinsight-watchlist"
          />
        </>
      ) : (
        <p className={styles.muted}>Loading prices…</p>
      )}
      <p>
        <Link to={own ? '/market?watchlist' : '/market'}>{own ? 'Your watchlist on the market page' : 'All markets'}</Link>
      </p>
    </Card>
  );
}
