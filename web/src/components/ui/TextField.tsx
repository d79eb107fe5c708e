import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './Field.module.css';
import { useFieldIds } from './fieldIds';

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A bare styled input, for when the label lives elsewhere (search boxes with aria-label). */
export function Input({ className, ...rest }: InputProps) {
  return <input className={cx(styles.control, className)} {...rest} />;
}

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function TextField({ label, hint, error, id, className, ...rest }: TextFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      <Input id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
