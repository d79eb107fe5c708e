import { DOWNLOAD_FORMATS, type DownloadFormat } from '@coinsight/contracts';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../app/session';
import { Button } from '../../components/ui';
import { DOWNLOAD_FAILED_MESSAGE, downloadFile, FileRequestError } from '../tasks/taskFiles';
import styles from './TableTools.module.css';

const LABEL: Record<DownloadFormat, string> = { csv: 'CSV', json: 'JSON' };

export interface DownloadBarProps {
  /** The server's address of the file in each format. */
  pathFor: (format: DownloadFormat) => string;
  fallbackName: string;
  /** What a download holds, and past its bound what to do instead. */
  children: ReactNode;
}

/** Download CSV / Download JSON of what a screen shows (its file comes from the server, with the session's token). */
export function DownloadBar({ pathFor, fallbackName, children }: DownloadBarProps) {
  const { token } = useSession();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: DownloadFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadFile(pathFor(format), token, `${fallbackName}.${format}`);
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
      {children}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
