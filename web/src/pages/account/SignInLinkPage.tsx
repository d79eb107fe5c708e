import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { EmailLinkPage } from './EmailLinkPage';

/**
 * /sign-in-link?token=…: the one-click sign-in link mailed from a throttled sign-in. Like the
 * other mailed links it acts on a click, never on a visit (mail scanners open links), and works once.
 */
export default function SignInLinkPage() {
  const { signInWithLink } = useSession();
  const navigate = useNavigate();
  return (
    <EmailLinkPage
      title="Sign In With Email Link"
      description="Sign in to your Coinsight account with the link we emailed you. It works once, within 15 minutes."
      action="Sign In"
      busy="Signing in…"
      submit={async (token) => {
        await signInWithLink(token);
        void navigate('/dashboard', { replace: true });
        return { message: 'You are signed in.' };
      }}
    />
  );
}
