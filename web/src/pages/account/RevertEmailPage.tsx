import { trpc } from '../../lib/trpc';
import { EmailLinkPage } from './EmailLinkPage';

/** /revert-email?token=…: "this wasn't me" from the mail to the old address. */
export default function RevertEmailPage() {
  const revert = trpc.user.revertEmailChange.useMutation();
  return (
    <EmailLinkPage
      title="Undo Email Change"
      description="Cancel the change of your account's email address, put the old address back and sign out every session."
      action="Undo the Change and Sign Out Everywhere"
      busy="Undoing…"
      submit={(token) => revert.mutateAsync({ token })}
    />
  );
}
