import { loginSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnPath, serverMessage, httpStatusOf, useSession } from '../../app/session';
import { AuthPage } from './AuthPage';
import { FormOutcomeAlert, firstErrors, formStyles, useForm, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';

export const SIGN_IN_FAILED_MESSAGE = 'Failed to sign in. Please check your credentials.';

const empty = { email: '', password: '' };

export default function LoginPage() {
  const { isAuthenticated, login } = useSession();
  const location = useLocation();
  const form = useForm(empty, (values) => firstErrors(loginSchema, values));
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await login(values);
    } catch (error) {
      // "Check your credentials" would mislead a throttled user: tell them to wait instead.
      const throttled = httpStatusOf(error) === 429;
      setOutcome({ tone: 'error', message: SIGN_IN_FAILED_MESSAGE, detail: throttled ? serverMessage(error) : null });
    }
  });

  // Signed in (now, or already on arrival): back to the page that sent the visitor here.
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;

  // The way back survives a detour through sign-up.
  const links = [
    { to: '/register', label: 'Don’t have an account? Create one', state: location.state },
    { to: '/forgot-password', label: 'Forgot your password?' },
  ];

  return (
    <AuthPage title="Sign In" description="Sign in with the email address and password of your Coinsight account." links={links}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <FormOutcomeAlert outcome={outcome} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
        <Button type="submit" block disabled={form.submitting}>
          {form.submitting ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
    </AuthPage>
  );
}
