import { AUTH_MESSAGES } from '@coinsight/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serverMessage } from '../../app/session';
import { AuthPage } from './AuthPage';
import { FormAlert, FormOutcomeAlert, formStyles, type FormOutcome } from '../../components/forms';
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
 * The pages behind the two links of an email change. Both wait for a click: mail scanners open
 * links on their own, and a visit alone must not confirm an address or sign anyone out.
 */
export function EmailLinkPage({ title, description, action, busy, submit }: EmailLinkPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const done = outcome?.tone === 'success';

  async function onClick() {
    setSubmitting(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', message: (await submit(token)).message });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? EMAIL_LINK_FAILED_MESSAGE });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthPage title={title} description={description} links={[{ to: '/login', label: 'Go to sign in' }]}>
      {!token ? (
        <FormAlert tone="error">{AUTH_MESSAGES.emailLinkMissing}</FormAlert>
      ) : (
        <div className={formStyles.form}>
          <FormOutcomeAlert outcome={outcome} />
          {!done && (
            <Button type="button" block disabled={submitting} onClick={() => void onClick()}>
              {submitting ? busy : action}
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
