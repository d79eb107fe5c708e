import { loginSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnPath, serverMessage, httpStatusOf, useSession } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { AuthPage } from './AuthPage';
import { TwoFactorStep } from '../../app/auth/TwoFactorStep';
import { FormOutcomeAlert, firstErrors, formStyles, useForm, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';

export const SIGN_IN_FAILED_MESSAGE = 'Failed to sign in. Please check your credentials.';
export const SIGN_IN_LINK_FAILED_MESSAGE = 'The sign-in link could not be sent. Please try again.';

const empty = { email: '', password: '' };

export default function LoginPage() {
  const { isAuthenticated, login, twoFactorChallenge } = useSession();
  const requestLink = trpc.auth.requestLoginLink.useMutation();
  const location = useLocation();
  const form = useForm(empty, (values) => firstErrors(loginSchema, values));
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  // Set when a sign-in was throttled: the address a one-click sign-in link may be mailed to.
  const [throttledEmail, setThrottledEmail] = useState<string | null>(null);
  const [linkOutcome, setLinkOutcome] = useState<FormOutcome | null>(null);
  const [sendingLink, setSendingLink] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    setLinkOutcome(null);
    try {
      await login(values);
    } catch (error) {
      // "Check your credentials" would mislead a throttled user: tell them to wait instead.
      const throttled = httpStatusOf(error) === 429;
      setOutcome({ tone: 'error', message: SIGN_IN_FAILED_MESSAGE, detail: throttled ? serverMessage(error) : null });
      setThrottledEmail(throttled ? values.email : null);
    }
  });

  // The owner of the mailbox gets in whatever the guessing counters say (docs/accounts.md).
  async function sendLink(email: string) {
    setSendingLink(true);
    setLinkOutcome(null);
    try {
      setLinkOutcome({ tone: 'success', message: (await requestLink.mutateAsync({ email })).message });
    } catch (error) {
      setLinkOutcome({ tone: 'error', message: serverMessage(error) ?? SIGN_IN_LINK_FAILED_MESSAGE });
    } finally {
      setSendingLink(false);
    }
  }

  // Signed in (now, or already on arrival): back to the page that sent the visitor here.
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;

  // The way back survives a detour through sign-up.
  const links = [
    { to: '/register', label: 'Don’t have an account? Create one', state: location.state },
    { to: '/forgot-password', label: 'Forgot your password?' },
  ];

  if (twoFactorChallenge)
    return (
      <AuthPage title="Two-Factor Sign-In" description="Enter the code from your authenticator app to finish signing in." links={links}>
        <TwoFactorStep />
      </AuthPage>
    );

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
      {throttledEmail && (
        <div className={formStyles.form}>
          <p>Your own mailbox still gets you in: we can email a link that signs in once, within 15 minutes.</p>
          <FormOutcomeAlert outcome={linkOutcome} />
          {linkOutcome?.tone !== 'success' && (
            <Button type="button" variant="secondary" block disabled={sendingLink} onClick={() => void sendLink(throttledEmail)}>
              {sendingLink ? 'Sending…' : 'Email me a sign-in link'}
            </Button>
          )}
        </div>
      )}
    </AuthPage>
  );
}
