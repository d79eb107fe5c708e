import { MAX_UPLOAD_BYTES } from '@coinsight/contracts';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { cx } from '../../lib/cx';
import { FieldError, useField } from '../../components/ui';
import { ProgressBar } from './ProgressBar';
import { formatBytes } from './taskText';
import styles from './Tasks.module.css';

export interface FileDropProps {
  /** The form field it stands for, so the form's first-error focus finds it. */
  name: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
  /** 0..1 while the file goes up, else null. */
  progress?: number | null;
}

/**
 * A file input inside a drop zone: a file dragged onto the zone is taken as if it was chosen, and
 * the input itself stays a real, labelled control for keyboard and screen-reader users.
 */
export function FileDrop({ name, file, onFile, error, disabled, progress = null }: FileDropProps) {
  const { control, labelFor, hintId, errorId } = useField(undefined, true, Boolean(error));
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The input shows its own file name: it follows the form's choice (cleared after a task is created).
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    try {
      // So the input names the dropped file too (a browser accepts a dropped FileList here).
      if (input.current) input.current.files = event.dataTransfer.files;
    } catch {
      // Only the name beside it, then.
    }
    onFile(dropped);
  };

  return (
    <div
      className={cx(styles.drop, over && styles.dropOver, error && styles.dropInvalid)}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label className={styles.dropLabel} htmlFor={labelFor}>
        File of posts
      </label>
      <p id={hintId} className={styles.muted}>
        Drop a JSON Lines (.jsonl) or CSV (.csv) file here, or choose one: up to {formatBytes(MAX_UPLOAD_BYTES)}, one post per line or row.
      </p>
      <input
        ref={input}
        {...control}
        name={name}
        type="file"
        accept=".jsonl,.ndjson,.csv,application/x-ndjson,text/csv"
        className={styles.fileInput}
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
      {file ? (
        <p className={styles.fileChosen}>
          <span className={styles.fileName}>{file.name}</span> · {formatBytes(file.size)}
        </p>
      ) : null}
      {file && progress !== null ? <ProgressBar value={progress * 100} label={`Upload of ${file.name}`} /> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
