import { Suspense, useState } from 'react';
import { lazyWithQueries } from '../dataLayer/lazyWithQueries';
import styles from './SendEmail.module.css';

// The panel's code (and the query layer its form sends with) loads on first use: most visits never open it.
const SendEmailDialog = lazyWithQueries(() => import('./SendEmailDialog'));

/** The floating button of the shared layout that opens the Send Email panel. */
export function SendEmailButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.fab}
        aria-haspopup="dialog"
        aria-expanded={open}
        title="Send Email"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={styles.icon}>
          <path d="M3 5h14v10H3z M3 5l7 6 7-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        <span className={styles.label}>Send Email</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SendEmailDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
