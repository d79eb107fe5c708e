import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { Field } from './Field';
import styles from './Field.module.css';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function TextAreaField({ label, hint, error, id, className, rows = 5, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} rows={rows} className={cx(styles.control, styles.textarea)} {...rest} />}
    </Field>
  );
}
