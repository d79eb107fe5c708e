import { useState } from 'react';
import { serverMessage } from '../../app/session';
import type { FormOutcome } from '../../components/forms';
import { trpc } from '../../lib/trpc';

/**
 * "Resend verification email" (the API tab's notice, the dashboard's first steps): the outcome to
 * show, the server's answer or reason, `failed` when it gives none.
 */
export function useResendVerification(failed: string) {
  const resend = trpc.user.resendVerification.useMutation();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  async function onResend() {
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', message: (await resend.mutateAsync()).message });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? failed });
    }
  }
  return { outcome, onResend, sending: resend.isPending };
}
