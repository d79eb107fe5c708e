import { Link } from 'react-router';
import { FormAlert, FormOutcomeAlert, useLinkAction } from '../../components/forms';
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
 * The page a newsletter mail's link opens. It acts on a click, not on load (useLinkAction): mail
 * scanners open links in mail, and must not confirm or cancel a subscription on the reader's behalf.
 */
export function NewsletterLinkAction(props: NewsletterLinkActionProps) {
  const { token, outcome, busy, done, act } = useLinkAction(async (token) => {
    await props.run(token);
    return props.success;
  }, props.failed);

  return (
    <Page title={props.title} description={props.description} width="narrow">
      {!token ? (
        <FormAlert tone="error">{props.invalid}</FormAlert>
      ) : (
        <>
          <FormOutcomeAlert outcome={outcome} />
          {done ? null : (
            <Button type="button" onClick={() => void act()} disabled={busy}>
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
