import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serverMessage } from '../../app/session';
import { FormAlert, FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Page } from '../../components/Page';
import { Button } from '../../components/ui';

export interface NewsletterLinkActionProps {
  title: string;
  description: string;
  action: string;
  pending: string;
  /** Shown when the page was opened without a token, so the link was cut short. */
  invalid: string;
  success: string;
  failed: string;
  run: (token: string) => Promise<unknown>;
}

/**
 * The page a newsletter mail's link opens. It acts on a click, not on load: mail scanners open
 * links in mail, and must not confirm or cancel a subscription on the reader's behalf.
 */
export function NewsletterLinkAction(props: NewsletterLinkActionProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const done = outcome?.tone === 'success';

  const onClick = async () => {
    if (busy || done) return;
    setBusy(true);
    setOutcome(null);
    try {
      await props.run(token);
      setOutcome({ tone: 'success', message: props.success });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? props.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={props.title} description={props.description} width="narrow">
      {!token ? (
        <FormAlert tone="error">{props.invalid}</FormAlert>
      ) : (
        <>
          <FormOutcomeAlert outcome={outcome} />
          {done ? null : (
            <Button type="button" onClick={onClick} disabled={busy}>
              {busy ? props.pending : props.action}
            </Button>
          )}
        </>
      )}
      <p>
        <Link to="/blog">Back to the blog</Link>
      </p>
    </Page>
  );
}
