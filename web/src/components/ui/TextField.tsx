import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Field } from './Field';
import styles from './Field.module.css';

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
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <Input {...control} {...rest} />}
    </Field>
  );
}
