import { trpc } from '../../lib/trpc';
import { EmailLinkPage } from './EmailLinkPage';

/** /verify-email?token=…: the link mailed to a new address makes it the account's. */
export default function VerifyEmailPage() {
  const verify = trpc.user.verifyEmail.useMutation();
  return (
    <EmailLinkPage
      title="Confirm Email"
      description="Confirm this address as the email of your Coinsight account."
      action="Confirm Email"
      busy="Confirming…"
      submit={(token) => verify.mutateAsync({ token })}
    />
  );
}
