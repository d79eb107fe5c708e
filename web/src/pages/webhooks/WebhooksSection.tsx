import {
  ALERT_CHANNEL_NAMES,
  WEBHOOK_LEGACY_SIGNATURE_SUNSET,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookAttempt,
  type WebhookDelivery,
} from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { Badge, Button, type BadgeTone } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './WebhooksSection.module.css';
import { formatPostDate } from '../../lib/formatNumber';
import { Time } from '../../components/Time';

export const SECRET_LOAD_FAILED_MESSAGE = 'Could not load your signing secret. Please try again.';
export const DELIVERIES_LOAD_FAILED_MESSAGE = 'Could not load recent deliveries. Please try again.';
export const ROTATE_FAILED_MESSAGE = 'Failed to rotate the secret. Please try again.';
export const ROTATE_CONFIRM_MESSAGE = `The new secret signs at once. For ${WEBHOOK_ROTATION_OVERLAP_HOURS} hours the current one signs too (two signatures on every delivery, retries included), so you can move your receiver to the new secret without losing a delivery; then it stops.`;
export const NO_DELIVERIES_MESSAGE = 'No webhook deliveries yet. Alerts created with a webhookUrl are sent here when they fire.';

const STATUS_TONE: Record<WebhookDelivery['status'], BadgeTone> = { pending: 'yellow', delivered: 'green', failed: 'red' };
const STATUS_LABEL: Record<WebhookDelivery['status'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

function attemptText(attempt: WebhookAttempt): string {
  const result = attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? 'no answer');
  return `Attempt ${attempt.attempt}: ${result}, ${attempt.durationMs} ms`;
}

/** Settings → API: the account's webhook signing secret (reveal, copy, rotate) and its recent deliveries. */
export function WebhooksSection() {
  const secret = trpc.webhooks.secret.useQuery();
  const deliveries = trpc.webhooks.deliveries.useQuery({ limit: 20 });
  const utils = trpc.useUtils();
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: (fresh) => utils.webhooks.secret.setData(undefined, fresh),
  });
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');

  const copy = async () => {
    if (!secret.data) return;
    try {
      await navigator.clipboard.writeText(secret.data.secret);
      setNotice('Secret copied to the clipboard.');
    } catch {
      setNotice('Copy failed: reveal the secret and copy it by hand.');
    }
  };

  const confirmRotate = async () => {
    setNotice('');
    try {
      const fresh = await rotate.mutateAsync();
      setConfirming(false);
      setRevealed(true);
      setNotice(
        fresh.previousSecretExpiresAt
          ? `New secret in force. Until ${formatPostDate(fresh.previousSecretExpiresAt)}, deliveries are signed with the previous one too.`
          : 'New secret in force.',
      );
    } catch (error) {
      setConfirming(false);
      setNotice(serverMessage(error) ?? ROTATE_FAILED_MESSAGE);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className={styles.title}>
        Webhooks
      </h2>
      <p className={styles.muted}>
        An alert created with a <code>webhookUrl</code> is also POSTed there when it fires, signed with this secret per{' '}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
        <code>webhook-signature</code>): give it to a <code>standardwebhooks</code> library to verify deliveries. Keep it private. The older{' '}
        <code>Coinsight-Signature</code> header is deprecated and sent until {WEBHOOK_LEGACY_SIGNATURE_SUNSET}.
      </p>

      {secret.isError ? (
        <p role="alert">{SECRET_LOAD_FAILED_MESSAGE}</p>
      ) : (
        <div className={styles.secret}>
          <span id="webhook-secret-label">Signing secret</span>
          <code className={styles.secretValue} data-testid="webhook-secret">
            {!secret.data ? 'Loading…' : revealed ? secret.data.secret : `whsec_${'•'.repeat(24)}`}
          </code>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={revealed}
              disabled={!secret.data}
              onClick={() => setRevealed((shown) => !shown)}
            >
              {revealed ? 'Hide' : 'Reveal'}
            </Button>
            <Button variant="secondary" size="sm" disabled={!secret.data} onClick={() => void copy()}>
              Copy
            </Button>
            {!confirming && (
              <Button variant="ghost" size="sm" disabled={!secret.data} onClick={() => setConfirming(true)}>
                Rotate secret
              </Button>
            )}
          </div>
        </div>
      )}
      {secret.data && (
        <p className={styles.muted} data-testid="webhook-secret-dates">
          {secret.data.rotatedAt ? 'Rotated ' : 'Created '}
          <Time value={secret.data.rotatedAt ?? secret.data.createdAt} />.
          {secret.data.previousSecretExpiresAt && (
            <>
              {' '}
              The previous secret also signs deliveries until <Time value={secret.data.previousSecretExpiresAt} />.
            </>
          )}
        </p>
      )}
      {confirming && (
        <div className={styles.actions} role="group" aria-label="Confirm rotation">
          <p className={styles.muted}>{ROTATE_CONFIRM_MESSAGE}</p>
          <Button size="sm" disabled={rotate.isPending} onClick={() => void confirmRotate()}>
            {rotate.isPending ? 'Rotating…' : 'Rotate now'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      )}
      <p role="status" className={styles.muted}>
        {notice}
      </p>

      <h3>Recent deliveries</h3>
      {deliveries.isError ? (
        <p role="alert">{DELIVERIES_LOAD_FAILED_MESSAGE}</p>
      ) : !deliveries.data ? (
        <p className={styles.muted}>Loading…</p>
      ) : deliveries.data.length === 0 ? (
        <p className={styles.muted}>{NO_DELIVERIES_MESSAGE}</p>
      ) : (
        <ul className={styles.deliveries} aria-label="Recent deliveries">
          {deliveries.data.map((delivery) => (
            <li key={delivery.id} className={styles.delivery}>
              <div className={styles.deliveryHead}>
                <Badge tone={STATUS_TONE[delivery.status]}>{STATUS_LABEL[delivery.status]}</Badge>
                {/* Which channel: a webhook (signed) or a chat service's; the URL below is masked for Slack and Discord. */}
                <span>
                  {delivery.channel === 'webhook' ? delivery.event : `${delivery.event} · ${ALERT_CHANNEL_NAMES[delivery.channel]}`}
                </span>
                <Time value={delivery.createdAt} className={styles.muted} />
              </div>
              <span className={styles.url}>{delivery.url}</span>
              {delivery.attempts.length > 0 && (
                <ol className={styles.attempts} aria-label={`Attempts for delivery ${delivery.id}`}>
                  {delivery.attempts.map((attempt) => (
                    <li key={attempt.attempt}>{attemptText(attempt)}</li>
                  ))}
                </ol>
              )}
              {delivery.nextAttemptAt && (
                <span className={styles.muted}>
                  Next attempt <Time value={delivery.nextAttemptAt} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
