import { NEWSLETTER_MESSAGES } from '@coinsight/contracts';
import { trpc } from '../../lib/trpc';
import { NewsletterLinkAction } from './NewsletterLinkAction';

export default function NewsletterUnsubscribePage() {
  const unsubscribe = trpc.newsletter.unsubscribe.useMutation();
  return (
    <NewsletterLinkAction
      title="Unsubscribe"
      description="Stop the Coinsight newsletter at the address this link was sent to."
      action="Unsubscribe"
      pending="Unsubscribing…"
      invalid={NEWSLETTER_MESSAGES.unsubscribeInvalid}
      success={NEWSLETTER_MESSAGES.unsubscribed}
      failed={NEWSLETTER_MESSAGES.unsubscribeFailed}
      run={(token) => unsubscribe.mutateAsync({ token })}
    />
  );
}
