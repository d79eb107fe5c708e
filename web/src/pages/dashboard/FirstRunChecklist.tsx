import type { ApiKey } from '@coinsight/contracts';
import { Link } from 'react-router';
import { FormOutcomeAlert } from '../../components/forms';
import { Button, Card } from '../../components/ui';
import { useResendVerification } from '../account/useResendVerification';
import styles from './Dashboard.module.css';

export const RESEND_FAILED_MESSAGE = 'The email could not be sent. Please try again.';

export interface ChecklistState {
  verified: boolean;
  hasKey: boolean;
  called: boolean;
}

/** Each step from real data: the confirmed address, a key on the account, a call made with one. */
export function checklistState(verified: boolean, keys: readonly ApiKey[], callsThisMonth: number): ChecklistState {
  return {
    verified,
    hasKey: keys.length > 0,
    called: callsThisMonth > 0 || keys.some((key) => key.lastUsedAt !== null),
  };
}

function Step({ done, title, children }: { done: boolean; title: string; children: React.ReactNode }) {
  return (
    <li className={styles.step} data-done={done}>
      <span className={styles.tick} aria-hidden="true">
        {done ? '✓' : ''}
      </span>
      <div className={styles.stepBody}>
        <p className={styles.stepTitle}>
          {title}
          <span className={styles.visuallyHidden}>{done ? ' (done)' : ' (to do)'}</span>
        </p>
        {done ? null : children}
      </div>
    </li>
  );
}

/** A new account's three steps to a first API call; gone once all three are done. */
export function FirstRunChecklist({ state, email }: { state: ChecklistState; email: string }) {
  const { outcome, onResend, sending } = useResendVerification(RESEND_FAILED_MESSAGE);
  if (state.verified && state.hasKey && state.called) return null;

  return (
    <Card title="Get started with the API" aria-label="Get started with the API">
      <ol className={styles.steps} aria-label="Getting started steps">
        <Step done={state.verified} title="Confirm your email address">
          <p className={styles.muted}>
            We sent a confirmation link to <strong>{email}</strong>. API keys need a confirmed address.
          </p>
          <FormOutcomeAlert outcome={outcome} />
          <div>
            <Button size="sm" variant="secondary" disabled={sending} onClick={() => void onResend()}>
              {sending ? 'Sending…' : 'Resend verification email'}
            </Button>
          </div>
        </Step>
        <Step done={state.hasKey} title="Create an API key">
          <p className={styles.muted}>
            <Link to="/settings?tab=api">Create one in Settings, API keys</Link>; its secret is shown once.
          </p>
        </Step>
        <Step done={state.called} title="Make your first call">
          <p className={styles.muted}>
            Try an endpoint in the <Link to="/sandbox">Sandbox</Link>, or follow the{' '}
            <Link to="/docs/getting-started">getting started guide</Link>.
          </p>
        </Step>
      </ol>
    </Card>
  );
}
