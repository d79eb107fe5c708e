import { DOWNLOAD_ROW_LIMIT, type SocialPlatform } from '@coinsight/contracts';
import { Link } from 'react-router';
import { formatCount } from '../../lib/formatNumber';
import { DownloadBar } from './DownloadBar';
import styles from './TableTools.module.css';
import { downloadPath, exportTaskPath } from './tableView';

export interface TableDownloadProps {
  platform: SocialPlatform;
  params: URLSearchParams;
  /** The table's total, when known: past DOWNLOAD_ROW_LIMIT an Export task is offered. */
  total: { count: number; estimate: boolean } | null;
}

/** Downloads the table as it stands (filter, order, columns) as CSV or JSON, up to DOWNLOAD_ROW_LIMIT rows. */
export function TableDownload({ platform, params, total }: TableDownloadProps) {
  return (
    <DownloadBar pathFor={(format) => downloadPath(platform, params, format)} fallbackName={`${platform}-posts`}>
      <p className={styles.note}>
        A download holds the posts of this filter in this order and columns, up to {formatCount(DOWNLOAD_ROW_LIMIT)} rows.
      </p>
      {total && total.count > DOWNLOAD_ROW_LIMIT ? (
        <p className={styles.note}>
          This filter matches {total.estimate ? 'about ' : ''}
          {formatCount(total.count)} posts, so a download holds the first {formatCount(DOWNLOAD_ROW_LIMIT)}.{' '}
          <Link to={exportTaskPath(platform, params)}>Export them all with an Export task</Link> (its platform, coin, dates and dataset are
          filled in).
        </p>
      ) : null}
    </DownloadBar>
  );
}
