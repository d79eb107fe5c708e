import { AUTH_MESSAGES, signupSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage, useSession } from '../../app/session';
import {
  FormOutcomeAlert,
  firstErrors,
  formStyles,
  NEW_PASSWORD_HINT,
  useForm,
  type FieldErrors,
  type FormOutcome,
} from '../../components/forms';
import { Button, TextField } from '../../components/ui';

export const REGISTER_FAILED_MESSAGE = 'Failed to create an account. Please try again.';

const empty = { username: '', email: '', password: '', confirmPassword: '' };

function validate(values: typeof empty): FieldErrors {
  const errors = firstErrors(signupSchema, values);
  if (values.password !== values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

/**
 * The sign-up form of /register and /signup. Success signs the user in; the page it sits on then
 * moves on, as it does for anyone who arrives already signed in.
 */
export function RegisterForm() {
  const { signup } = useSession();
  const form = useForm(empty, validate);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const onSubmit = form.handleSubmit(async ({ username, email, password }) => {
    setOutcome(null);
    try {
      await signup({ username, email, password });
    } catch (error) {
      // The server's reason (address taken, password too common) tells the user what to change.
      setOutcome({ tone: 'error', message: REGISTER_FAILED_MESSAGE, detail: serverMessage(error) });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={NEW_PASSWORD_HINT}
        {...form.field('password')}
      />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...form.field('confirmPassword')} />
      <Button type="submit" block disabled={form.submitting}>
        {form.submitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
