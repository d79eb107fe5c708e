import { AUTH_MESSAGES } from '@coinsight/contracts';
import { Link } from 'react-router';
import { AuthPage } from './AuthPage';
import { FormAlert, FormOutcomeAlert, formStyles, useLinkAction } from '../../components/forms';
import { Button } from '../../components/ui';

export const EMAIL_LINK_FAILED_MESSAGE = 'Something went wrong. Please try again.';

interface EmailLinkPageProps {
  title: string;
  description: string;
  action: string;
  busy: string;
  /** Sends the link's token; answers the message to show. */
  submit(token: string): Promise<{ message: string }>;
}

/**
 * The pages behind the links mailed about an account (confirmation, email change, sign-in link).
 * Each waits for a click (useLinkAction): a visit alone must not confirm an address or sign anyone out.
 */
export function EmailLinkPage({ title, description, action, busy, submit }: EmailLinkPageProps) {
  const link = useLinkAction(async (token) => (await submit(token)).message, EMAIL_LINK_FAILED_MESSAGE);
  const { token, outcome, done } = link;

  return (
    <AuthPage title={title} description={description} links={[{ to: '/login', label: 'Go to sign in' }]}>
      {!token ? (
        <FormAlert tone="error">{AUTH_MESSAGES.emailLinkMissing}</FormAlert>
      ) : (
        <div className={formStyles.form}>
          <FormOutcomeAlert outcome={outcome} />
          {!done && (
            <Button type="button" block disabled={link.busy} onClick={() => void link.act()}>
              {link.busy ? busy : action}
            </Button>
          )}
          {done && (
            <p>
              <Link to="/login">Sign in</Link>
            </p>
          )}
        </div>
      )}
    </AuthPage>
  );
}
