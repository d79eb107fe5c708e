import type { Alert } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Badge, Button, Dialog, type BadgeTone } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { alertState, channelsText, describeAlert, failingText, firedText, nextText, type AlertState } from './alertText';
import styles from './Alerts.module.css';

export const ALERTS_EMPTY_MESSAGE =
  'You have no alerts yet. Pick a symbol above, choose a price, a number of mentions, a move, a sentiment or a spike, and press Create Alert: we tell you here, in the bell at the top, and by email if you like, when it is crossed.';
export const ALERTS_LOAD_FAILED_MESSAGE = 'Your alerts could not be loaded. Please reload the page.';
const ACTION_FAILED_MESSAGE = 'That did not work. Please try again.';

const STATE_BADGE: Record<AlertState, { label: string; tone: BadgeTone }> = {
  armed: { label: 'Armed', tone: 'green' },
  paused: { label: 'Paused', tone: 'neutral' },
  fired: { label: 'Fired', tone: 'yellow' },
};

type Change = { active: boolean } | { rearm: true; active: true };

/** The user's alerts, newest first, with pause/resume, re-arm and delete. */
export function AlertList() {
  const alerts = trpc.alerts.list.useQuery();
  const utils = trpc.useUtils();
  const update = trpc.alerts.update.useMutation({ onSettled: () => utils.alerts.list.invalidate() });
  const remove = trpc.alerts.delete.useMutation({ onSettled: () => utils.alerts.list.invalidate() });
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setStatus(null);
    try {
      await action();
      setStatus({ tone: 'success', message: done });
    } catch (error) {
      setStatus({ tone: 'error', message: serverMessage(error) ?? ACTION_FAILED_MESSAGE });
    }
  };
  const change = (alert: Alert, input: Change, done: string) =>
    run(() => update.mutateAsync({ id: alert.id, ...input }), `${describeAlert(alert)}: ${done}.`);
  const confirmDelete = () => {
    const alert = deleting;
    setDeleting(null);
    if (alert) void run(() => remove.mutateAsync({ id: alert.id }), `${describeAlert(alert)}: deleted.`);
  };
  const busy = update.isPending || remove.isPending;

  return (
    <div className={styles.listArea}>
      {/* Always present, so the outcome of an action is announced when it appears. */}
      <div aria-live="polite">{status?.tone === 'success' ? <FormAlert tone="success">{status.message}</FormAlert> : null}</div>
      {status?.tone === 'error' ? <FormAlert tone="error">{status.message}</FormAlert> : null}
      {alerts.isPending ? (
        <p className={styles.muted}>Loading your alerts…</p>
      ) : alerts.isError ? (
        <FormAlert tone="error">{ALERTS_LOAD_FAILED_MESSAGE}</FormAlert>
      ) : alerts.data.length === 0 ? (
        <p className={styles.empty}>{ALERTS_EMPTY_MESSAGE}</p>
      ) : (
        <ul className={styles.list} aria-label="Your alerts">
          {alerts.data.map((alert) => {
            const state = alertState(alert);
            const what = describeAlert(alert);
            const fired = firedText(alert);
            const failing = failingText(alert);
            return (
              <li key={alert.id} className={styles.item}>
                <div className={styles.itemHead}>
                  <p className={styles.itemTitle}>{what}</p>
                  <Badge tone={STATE_BADGE[state].tone}>{STATE_BADGE[state].label}</Badge>
                </div>
                <p className={styles.muted}>
                  {fired ? `${fired}. ` : ''}
                  {channelsText(alert)}
                </p>
                <p className={styles.muted}>{nextText(alert)}</p>
                {failing ? <p className={styles.warning}>{failing}</p> : null}
                <div className={styles.itemActions}>
                  {state === 'fired' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`Re-arm ${what}`}
                      onClick={() => void change(alert, { rearm: true, active: true }, 're-armed')}
                    >
                      Re-arm
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`${alert.active ? 'Pause' : 'Resume'} ${what}`}
                      onClick={() => void change(alert, { active: !alert.active }, alert.active ? 'paused' : 'resumed')}
                    >
                      {alert.active ? 'Pause' : 'Resume'}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" disabled={busy} aria-label={`Delete ${what}`} onClick={() => setDeleting(alert)}>
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete this alert?">
        <p>{deleting ? `${describeAlert(deleting)} will be deleted. This cannot be undone.` : null}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setDeleting(null)} data-autofocus>
            Cancel
          </Button>
          <Button onClick={confirmDelete}>Delete Alert</Button>
        </div>
      </Dialog>
    </div>
  );
}
