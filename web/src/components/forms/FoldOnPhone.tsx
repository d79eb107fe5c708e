import { useId, useState, type ReactNode } from 'react';
import { Button } from '../ui';
import styles from './FoldOnPhone.module.css';

export interface FoldOnPhoneProps {
  /** What the button opens: "Filters". */
  label: string;
  /** Said after the label while folded: "3 set". */
  summary?: string;
  /** Open from the start (say, to show a mistake in what it holds). */
  initiallyOpen?: boolean;
  children: ReactNode;
}

/**
 * On a phone (under 640 px) its content folds behind one button, so a long form does not fill the
 * first screen before what it filters (docs/web-app.md, "Phones"); wider, the content always shows
 * and the button does not. Which of the two applies is CSS's alone: no width is read in script.
 */
export function FoldOnPhone({ label, summary, initiallyOpen = false, children }: FoldOnPhoneProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? `Hide ${label.toLowerCase()}` : summary ? `${label} (${summary})` : label}
      </Button>
      <div id={id} className={open ? styles.content : `${styles.content} ${styles.folded}`}>
        {children}
      </div>
    </>
  );
}
