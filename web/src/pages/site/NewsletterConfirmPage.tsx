import { NEWSLETTER_MESSAGES } from '@coinsight/contracts';
import { trpc } from '../../lib/trpc';
import { NewsletterLinkAction } from './NewsletterLinkAction';

export default function NewsletterConfirmPage() {
  const confirm = trpc.newsletter.confirm.useMutation();
  return (
    <NewsletterLinkAction
      title="Confirm your subscription"
      description="Confirm that you want the Coinsight newsletter at the address this link was sent to."
      action="Confirm subscription"
      pending="Confirming…"
      invalid={NEWSLETTER_MESSAGES.confirmInvalid}
      success={NEWSLETTER_MESSAGES.confirmed}
      failed={NEWSLETTER_MESSAGES.confirmFailed}
      run={(token) => confirm.mutateAsync({ token })}
    />
  );
}
