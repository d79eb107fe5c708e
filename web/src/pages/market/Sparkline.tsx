import { changeColor, signalColorVar } from '../../lib/signalColor';
import { formatPrice } from './format';
import styles from './Market.module.css';

const WIDTH = 112;
const HEIGHT = 32;

/** Seven days of hourly closes as a small line, green when the week ended up (or flat), red when down. */
export function Sparkline({ symbol, closes }: { symbol: string; closes: readonly number[] }) {
  if (closes.length < 2) return <span className={styles.muted}>No data</span>;
  const min = Math.min(...closes);
  const max = Math.max(...closes);
  const span = max - min || 1;
  const points = closes
    .map((close, index) => {
      const x = (index / (closes.length - 1)) * WIDTH;
      const y = HEIGHT - 2 - ((close - min) / span) * (HEIGHT - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const first = closes[0]!;
  const last = closes.at(-1)!;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${symbol} over 7 days: from ${formatPrice(first)} to ${formatPrice(last)}`}
    >
      <polyline points={points} fill="none" stroke={signalColorVar(changeColor(last - first))} strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
