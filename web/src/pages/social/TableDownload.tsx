import { DOWNLOAD_FORMATS, DOWNLOAD_ROW_LIMIT, type DownloadFormat, type SocialPlatform } from '@coinsight/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { Button } from '../../components/ui';
import { formatCount } from '../../lib/formatNumber';
import { DOWNLOAD_FAILED_MESSAGE, downloadFile, FileRequestError } from '../tasks/taskFiles';
import styles from './TableTools.module.css';
import { downloadPath, exportTaskPath } from './tableView';

export interface TableDownloadProps {
  platform: SocialPlatform;
  params: URLSearchParams;
  /** The table's total, when known: past DOWNLOAD_ROW_LIMIT an Export task is offered. */
  total: { count: number; estimate: boolean } | null;
}

const LABEL: Record<DownloadFormat, string> = { csv: 'CSV', json: 'JSON' };

/** Downloads the table as it stands (filter, order, columns) as CSV or JSON, up to DOWNLOAD_ROW_LIMIT rows. */
export function TableDownload({ platform, params, total }: TableDownloadProps) {
  const { token } = useSession();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: DownloadFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadFile(downloadPath(platform, params, format), token, `${platform}-posts.${format}`);
    } catch (caught) {
      setError(caught instanceof FileRequestError ? caught.message : DOWNLOAD_FAILED_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.download}>
      <div className={styles.actions}>
        {DOWNLOAD_FORMATS.map((format) => (
          <Button key={format} size="sm" variant="secondary" disabled={busy !== null} onClick={() => void download(format)}>
            {busy === format ? 'Downloading…' : `Download ${LABEL[format]}`}
          </Button>
        ))}
      </div>
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
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
