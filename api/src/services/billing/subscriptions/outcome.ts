import type { PlanId } from '@coinsight/contracts';
import type { ServiceDeps } from '../../deps.js';
import { mailSubscriptionChange } from './mails.js';

/** What one sync (or grace expiry) changed, for the log and the mails sent after it. */
export interface SyncResult {
  userId: string | null;
  from: PlanId | null;
  to: PlanId | null;
  status: string | null;
  /** The subscription went past_due just now: the grace period starts. */
  pastDueStarted: boolean;
  /** The grace period is over: the account is back on Free. */
  graceExpired: boolean;
}

/** After the transaction: logs a plan change and mails a failed payment or an ended grace period. */
export async function afterSync(deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl'>, input: SyncResult): Promise<void> {
  const { userId } = input;
  if (!userId) return;
  if (input.from)
    deps.log.info(
      { event: 'billing.plan_changed', userId, from: input.from, to: input.to, source: 'stripe', status: input.status },
      'plan changed',
    );
  if (input.graceExpired) await mailSubscriptionChange(deps, { userId, change: 'grace_expired' });
  else if (input.pastDueStarted) await mailSubscriptionChange(deps, { userId, change: 'payment_failed' });
}
