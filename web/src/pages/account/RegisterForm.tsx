import { signupSchema } from '@coinsight/contracts';
import { useSession } from '../../app/session';
import {
  confirmPasswordError,
  FormOutcomeAlert,
  firstErrors,
  formStyles,
  PasswordAndConfirm,
  type FieldErrors,
} from '../../components/forms';
import { usePasswordForm } from './usePasswordForm';
import { Button, TextField } from '../../components/ui';

export const REGISTER_FAILED_MESSAGE = 'Failed to create an account. Please try again.';

const empty = { username: '', email: '', password: '', confirmPassword: '' };

function validate(values: typeof empty): FieldErrors {
  const errors = firstErrors(signupSchema, values);
  errors.confirmPassword = confirmPasswordError('signup', values.password, values.confirmPassword);
  return errors;
}

/**
 * The sign-up form of /register and /signup. Success signs the user in; the page it sits on then
 * moves on, as it does for anyone who arrives already signed in.
 */
export function RegisterForm() {
  const { signup } = useSession();
  const { form, outcome, refused, onSubmit } = usePasswordForm(empty, validate, {
    password: 'password',
    submit: async ({ username, email, password }) => {
      await signup({ username, email, password });
      return null;
    },
    failed: REGISTER_FAILED_MESSAGE,
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <PasswordAndConfirm kind="signup" password={form.field('password')} confirmation={form.field('confirmPassword')} refused={refused} />
      <Button type="submit" block disabled={form.submitting}>
        {form.submitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
