import { TiltCard } from '../../components/TiltCard';
import styles from './HeroVisual.module.css';

/**
 * The hero's tilt card: what a request to the API looks like and which fields come back.
 * It shows field names, not figures, so it never passes an invented number off as data.
 */
export function HeroVisual() {
  return (
    <TiltCard className={styles.visual}>
      <figure className={styles.card}>
        <div className={styles.chrome} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <pre className={styles.code}>
          <code>
            <span className={styles.method}>GET</span> /v1/market/sentiment{'\n'}
            {'    '}?symbols=BTC,ETH&amp;sources=twitter{'\n'}
            <span className={styles.header}>Authorization:</span> Bearer <span className={styles.muted}>{'<your key>'}</span>
            {'\n\n'}
            <span className={styles.ok}>200 OK</span> <span className={styles.muted}>application/json</span>
            {'\n'}
            {'{ '}
            <span className={styles.key}>"symbol"</span>, <span className={styles.key}>"sentiment"</span>,{'\n'}
            {'  '}
            <span className={styles.key}>"mentions"</span>, <span className={styles.key}>"price"</span>
            {' }'}
          </code>
        </pre>
        <figcaption className={styles.caption}>One key, one request: market and social signals together.</figcaption>
      </figure>
    </TiltCard>
  );
}
