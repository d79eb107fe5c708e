import { useState } from 'react';
import { serverFieldError, serverMessage } from '../../app/session';
import { useForm, type FieldErrors, type FormOutcome, type FormValues } from '../../components/forms';

interface PasswordFormOptions<V extends FormValues> {
  /** The field of the new password: a password the server refuses there is shown as refused. */
  password: keyof V & string;
  /** Sends the form; answers the success message to show, or null to show none. */
  submit(values: V): Promise<string | null>;
  /** The message of a failure the server gives no reason for. */
  failed: string;
}

/**
 * A form that sets a password (sign-up, change, reset): useForm, plus the outcome to show and the
 * password the server refused (PasswordAndConfirm says why beside it). The server's reason (address
 * taken, password too common) tells the user what to change; `failed` is for failures without one.
 */
export function usePasswordForm<V extends FormValues>(empty: V, validate: (values: V) => FieldErrors, options: PasswordFormOptions<V>) {
  const form = useForm(empty, validate);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const message = await options.submit(values);
      if (message) setOutcome({ tone: 'success', message });
    } catch (error) {
      const reason = serverMessage(error);
      if (serverFieldError(error, [options.password])) setRefused(values[options.password] ?? null);
      setOutcome({ tone: 'error', message: reason ?? options.failed });
    }
  });

  return { form, outcome, refused, onSubmit };
}
