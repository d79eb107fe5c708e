import styles from './Tasks.module.css';

/** A determinate bar that says its value to assistive technology (role progressbar, aria-valuenow). */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const now = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={styles.progress}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={now}
        aria-valuetext={`${now}%`}
      >
        <div className={styles.progressFill} style={{ width: `${now}%` }} />
      </div>
      <span className={styles.progressValue} aria-hidden="true">
        {now}%
      </span>
    </div>
  );
}
