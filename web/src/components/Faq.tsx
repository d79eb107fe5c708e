import { useId, useState, type ReactNode } from 'react';
import { Chevron } from '../app/Chevron';
import styles from './Faq.module.css';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions that open one at a time (docs/product.md §4): opening one closes the other, a second click closes it. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <div className={styles.faq}>
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${id}-question-${index}`;
        const panelId = `${id}-answer-${index}`;
        return (
          <div key={item.question} className={styles.item}>
            <h3 className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                className={styles.question}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <Chevron className={styles.chevron} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
