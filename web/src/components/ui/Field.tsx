import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './Field.module.css';

/** What a control needs to be read with its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The ids that tie a control to its label, hint and error so screen readers announce them
 * together: the one source of that wiring, for `Field` and for the few controls whose layout is
 * their own (a drop zone, a switch, the page jump). The hint is read before the error.
 */
export function useField(id: string | undefined, hasHint: boolean, hasError: boolean) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': [hasHint && hintId, hasError && errorId].filter(Boolean).join(' ') || undefined,
  };
  return { control, labelFor: controlId, hintId, errorId };
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The control's id; one is made when absent. */
  id?: string;
  className?: string;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A form field: label, the control, then its hint and its error. Every labelled input uses it. */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const { control, labelFor, hintId, errorId } = useField(id, Boolean(hint), Boolean(error));
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={labelFor}>
        {label}
      </label>
      {children(control)}
      {/* A div, not a p: a hint may hold a list (the password rules). */}
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A control's error message; the control names it in aria-describedby by its `id`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      {children}
    </p>
  );
}
