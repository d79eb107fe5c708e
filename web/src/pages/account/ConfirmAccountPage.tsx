import { trpc } from '../../lib/trpc';
import { EmailLinkPage } from './EmailLinkPage';

/** /confirm-email?token=…: the link mailed at sign-up confirms the account's address (needed for API keys). */
export default function ConfirmAccountPage() {
  const utils = trpc.useUtils();
  const confirm = trpc.auth.verifyAccount.useMutation({
    // Settings reads auth.me for the API tab's notice: it must not show the stale answer.
    onSuccess: () => utils.auth.me.invalidate(),
  });
  return (
    <EmailLinkPage
      title="Confirm Email Address"
      description="Confirm that this address belongs to your Coinsight account. You need a confirmed address to create API keys."
      action="Confirm Email Address"
      busy="Confirming…"
      submit={(token) => confirm.mutateAsync({ token })}
    />
  );
}
