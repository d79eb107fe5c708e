import type { SessionInfo } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { FormAlert, FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Badge, Button } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './AccountSecurity.module.css';

export const SESSIONS_LOAD_FAILED_MESSAGE = 'Your sessions could not be loaded. Please try again.';
export const SESSION_ACTION_FAILED_MESSAGE = 'Something went wrong. Please try again.';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Settings → Security: where the account is signed in, and signing any of it out. */
export function SessionsSection() {
  const utils = trpc.useUtils();
  const sessions = trpc.user.sessions.useQuery();
  const revokeOthers = trpc.user.revokeOtherSessions.useMutation({ onSuccess: () => utils.user.sessions.invalidate() });
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  async function onRevokeOthers() {
    setOutcome(null);
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      setOutcome({ tone: 'success', message: revoked === 1 ? 'Signed out 1 other session.' : `Signed out ${revoked} other sessions.` });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? SESSION_ACTION_FAILED_MESSAGE });
    }
  }

  if (sessions.isError) return <FormAlert tone="error">{SESSIONS_LOAD_FAILED_MESSAGE}</FormAlert>;
  if (!sessions.data) return <p className={styles.muted}>Loading sessions…</p>;
  const others = sessions.data.sessions.filter((session) => !session.current).length;
  return (
    <div className={styles.stack}>
      <FormOutcomeAlert outcome={outcome} />
      <ul className={styles.list} aria-label="Signed-in sessions">
        {sessions.data.sessions.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {others > 0 ? (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={revokeOthers.isPending} onClick={() => void onRevokeOthers()}>
            {revokeOthers.isPending ? 'Signing out…' : 'Sign out all other sessions'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateTimeFormat.format(new Date(iso))}</time>;
}

function SessionItem({ session }: { session: SessionInfo }) {
  const utils = trpc.useUtils();
  const revoke = trpc.user.revokeSession.useMutation({ onSuccess: () => utils.user.sessions.invalidate() });
  const [error, setError] = useState<string | null>(null);

  async function onRevoke() {
    setError(null);
    try {
      await revoke.mutateAsync({ id: session.id });
    } catch (failure) {
      setError(serverMessage(failure) ?? SESSION_ACTION_FAILED_MESSAGE);
    }
  }

  return (
    <li className={styles.item}>
      <h3 className={styles.device}>
        {session.device} {session.current ? <Badge tone="info">This browser</Badge> : null}
      </h3>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <dl className={styles.facts}>
        <dt>Address</dt>
        <dd>{session.ip ?? 'Unknown'}</dd>
        <dt>Signed in</dt>
        <dd>
          <When iso={session.createdAt} />
        </dd>
        <dt>Last seen</dt>
        <dd>
          <When iso={session.lastSeenAt} />
        </dd>
      </dl>
      {session.current ? null : (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            disabled={revoke.isPending}
            onClick={() => void onRevoke()}
            aria-label={`Sign out ${session.device}`}
          >
            {revoke.isPending ? 'Signing out…' : 'Sign out'}
          </Button>
        </div>
      )}
    </li>
  );
}
