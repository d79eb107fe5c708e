import { useState, type ChangeEvent, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from './validation';

export type FormValues = Record<string, string>;

/** The shape of what `field(name)` gives a form of text values: its name, value, error and change handler. */
export interface FormField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/**
 * Values, inline errors and the submitting state of a form. Errors appear on the first submit and
 * then follow every change, so a fixed field clears at once; they are derived, never stored.
 */
export function useForm<V extends FormValues>(initial: V, validate: (values: V) => FieldErrors) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const errors: FieldErrors = attempted ? validate(values) : {};

  function field<K extends keyof V & string>(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      },
    };
  }

  /** Validates, then runs `action` once at a time; `action` handles its own failures. */
  function handleSubmit(action: (values: V) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setAttempted(true);
      const found = validate(values);
      if (hasErrors(found)) {
        // Keyboard and screen-reader users land on the first field to fix, in page order.
        const first = Array.from(event.currentTarget.elements).find(
          (element): element is HTMLInputElement => element instanceof HTMLInputElement && Boolean(found[element.name]),
        );
        first?.focus();
        return;
      }
      if (submitting) return;
      setSubmitting(true);
      try {
        await action(values);
      } finally {
        setSubmitting(false);
      }
    };
  }

  /** Back to `next` (or the initial values) with no errors showing, as after a successful save. */
  function reset(next: V = initial) {
    setValues(next);
    setAttempted(false);
  }

  return { values, errors, submitting, field, handleSubmit, reset, resetErrors: () => setAttempted(false) };
}
