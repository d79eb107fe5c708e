import { SENTIMENT_SCALE } from '../../lib/formatNumber';
import styles from './SocialOverlay.module.css';

export interface SocialOverlayControlsProps {
  symbol: string;
  bucket: 'hour' | 'day' | undefined;
  showSentiment: boolean;
  onShowSentiment: (show: boolean) => void;
}

/** Over the price chart: what its bars and line are, and the switch that adds the sentiment line. */
export function SocialOverlayControls({ symbol, bucket, showSentiment, onShowSentiment }: SocialOverlayControlsProps) {
  return (
    <div className={styles.overlay}>
      <p className={styles.legend}>
        <span className={styles.bars} aria-hidden="true" /> Mentions of ${symbol} per {bucket ?? 'bucket'} (left axis)
        {showSentiment ? (
          <>
            {' '}
            <span className={styles.line} aria-hidden="true" /> Mean sentiment ({SENTIMENT_SCALE})
          </>
        ) : null}
      </p>
      <label className={styles.toggle}>
        <input type="checkbox" checked={showSentiment} onChange={(event) => onShowSentiment(event.target.checked)} /> Show sentiment
      </label>
    </div>
  );
}
