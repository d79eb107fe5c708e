import { useNavigate } from 'react-router';
import { TwoFactorStep } from '../../app/auth/TwoFactorStep';
import { useSession } from '../../app/session';
import { AuthPage } from './AuthPage';
import { EmailLinkPage } from './EmailLinkPage';

/**
 * /sign-in-link?token=…: the one-click sign-in link mailed from a throttled sign-in. Like the
 * other mailed links it acts on a click, never on a visit (mail scanners open links), and works once.
 * An account with two-factor sign-in then asks for its code.
 */
export default function SignInLinkPage() {
  const { signInWithLink, twoFactorChallenge } = useSession();
  const navigate = useNavigate();
  const toDashboard = () => void navigate('/dashboard', { replace: true });

  if (twoFactorChallenge)
    return (
      <AuthPage
        title="Two-Factor Sign-In"
        description="Enter the code from your authenticator app to finish signing in."
        links={[{ to: '/login', label: 'Go to sign in' }]}
      >
        <TwoFactorStep onDone={toDashboard} />
      </AuthPage>
    );

  return (
    <EmailLinkPage
      title="Sign In With Email Link"
      description="Sign in to your Coinsight account with the link we emailed you. It works once, within 15 minutes."
      action="Sign In"
      busy="Signing in…"
      submit={async (token) => {
        const user = await signInWithLink(token);
        if (!user) return { message: 'Enter the code from your authenticator app.' };
        toDashboard();
        return { message: 'You are signed in.' };
      }}
    />
  );
}
