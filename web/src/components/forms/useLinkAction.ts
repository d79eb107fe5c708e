import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessage } from '../../app/session';
import type { FormOutcome } from './FormAlert';

/**
 * The page a mailed link opens (account and email-change links, the sign-in link, the
 * newsletter's): the link's `token`, and `act` that sends it on a click, never on load (mail
 * scanners open links, and a visit alone must not act for the reader). `run` answers the success
 * message; a failure shows the server's message, else `failed`. Acting again once done does nothing.
 */
export function useLinkAction(run: (token: string) => Promise<string>, failed: string) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const done = outcome?.tone === 'success';

  async function act() {
    if (busy || done) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', message: await run(token) });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? failed });
    } finally {
      setBusy(false);
    }
  }

  return { token, outcome, busy, done, act };
}
