import type { ReactNode } from 'react';
import styles from './FormAlert.module.css';

export type FormAlertTone = 'error' | 'success';

/** A form's outcome: errors interrupt a screen reader (alert), successes wait their turn (status). */
export function FormAlert({ tone, children }: { tone: FormAlertTone; children: ReactNode }) {
  return (
    <div className={styles.alert} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export interface FormOutcome {
  tone: FormAlertTone;
  message: string;
  /** The server's specific reason, shown under the form's own message. */
  detail?: string | null;
}

/** Renders an outcome kept in state, or nothing. */
export function FormOutcomeAlert({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  return (
    <FormAlert tone={outcome.tone}>
      <p>{outcome.message}</p>
      {outcome.detail ? <p className={styles.detail}>{outcome.detail}</p> : null}
    </FormAlert>
  );
}
