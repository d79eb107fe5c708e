import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './Card.module.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** The title's heading level, so cards fit the page outline they sit in. */
  titleLevel?: 2 | 3 | 4;
}

export function Card({ title, titleLevel = 2, className, children, ...rest }: CardProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <section className={cx(styles.card, className)} {...rest}>
      {title ? <Heading className={styles.title}>{title}</Heading> : null}
      {children}
    </section>
  );
}
