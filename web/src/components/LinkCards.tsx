import { Link } from 'react-router';
import { Card } from './ui';
import styles from './LinkCards.module.css';

export interface LinkCard {
  to: string;
  title: string;
  text: string;
}

/** A grid of cards whose titles link onwards, for index pages such as Docs and Resources. */
export function LinkCards({ cards }: { cards: readonly LinkCard[] }) {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to}>
          <Card
            className={styles.card}
            title={
              <Link className={styles.link} to={card.to}>
                {card.title}
              </Link>
            }
          >
            <p className={styles.text}>{card.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
