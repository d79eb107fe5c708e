import type { MarketAsset } from '@coinsight/contracts';
import { Link } from 'react-router';
import { Card, ChangeValue, Table, type TableColumn } from '../../components/ui';
import { formatPrice } from '../market/format';
import { LiveStatus } from '../market/LiveStatus';
import { useLiveOverview } from '../market/useLiveOverview';
import styles from './Dashboard.module.css';

export const WATCHLIST_SIZE = 5;

const columns: TableColumn<MarketAsset>[] = [
  {
    key: 'asset',
    header: 'Asset',
    cell: (asset) => (
      <>
        <strong>{asset.symbol}</strong> <span className={styles.muted}>{asset.name}</span>
      </>
    ),
  },
  { key: 'price', header: 'Price', align: 'end', cell: (asset) => (asset.price === null ? '—' : formatPrice(asset.price)) },
  {
    key: 'change',
    header: '24h',
    align: 'end',
    cell: (asset) => (asset.change24h === null ? '—' : <ChangeValue percent={asset.change24h} of="price" />),
  },
];

/** The largest tracked assets, live from `market.live` (polled every 30 s while the stream is down). */
export function Watchlist() {
  const { overview, state } = useLiveOverview();
  const assets = [...(overview.data?.assets ?? [])].sort((a, b) => a.rank - b.rank).slice(0, WATCHLIST_SIZE);
  return (
    <Card title="Watchlist" aria-label="Watchlist">
      <LiveStatus state={state} />
      {overview.isError ? (
        <p className={styles.muted}>Prices could not be loaded. They are tried again every 30 seconds.</p>
      ) : overview.data ? (
        <Table
          columns={columns}
          rows={assets}
          rowKey={(asset) => asset.id}
          caption="Top assets by market cap"
          emptyMessage="No prices yet."
        />
      ) : (
        <p className={styles.muted}>Loading prices…</p>
      )}
      <p>
        <Link to="/market">All markets</Link>
      </p>
    </Card>
  );
}
