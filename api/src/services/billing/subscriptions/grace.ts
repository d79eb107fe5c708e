import { PAST_DUE_GRACE_DAYS, type PlanId } from '@coinsight/contracts';
import type { NoInput } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { afterSync, type SyncResult } from './outcome.js';
import { setPlan } from './set-plan.js';

// A failed renewal leaves the subscription past_due while Stripe retries the card: the account
// keeps Pro for PAST_DUE_GRACE_DAYS from when the app first saw it past due, then goes to Free.

export const GRACE_MS = PAST_DUE_GRACE_DAYS * 86_400_000;

/** Pro while Stripe says the subscription is paid for, and while a failed payment is within its grace period. */
export function planFor(state: { status: string | null; pastDueSince: Date | null; graceExpiredAt: Date | null }, now: Date): PlanId {
  if (state.status === 'active' || state.status === 'trialing') return 'pro';
  if (state.status === 'past_due' && !state.graceExpiredAt && state.pastDueSince && now.getTime() < state.pastDueSince.getTime() + GRACE_MS)
    return 'pro';
  return 'free';
}

/**
 * Ends the grace period of every subscription past_due for longer than PAST_DUE_GRACE_DAYS: back
 * to Free's limits, with a mail. Run by a job; a later payment (invoice.paid) brings Pro back.
 */
export async function expirePastDueGrace(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl' | 'now'>,
  _input: NoInput,
): Promise<{ expired: number }> {
  const now = deps.now();
  const due = await deps.db
    .selectFrom('billing_accounts')
    .select('user_id')
    .where('status', '=', 'past_due')
    .where('grace_expired_at', 'is', null)
    .where('past_due_since', '<=', new Date(now.getTime() - GRACE_MS))
    .execute();
  let expired = 0;
  for (const { user_id: userId } of due) {
    const result = await deps.db.transaction().execute(async (trx): Promise<SyncResult | null> => {
      const row = await trx
        .updateTable('billing_accounts')
        .set({ grace_expired_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('status', '=', 'past_due')
        .where('grace_expired_at', 'is', null)
        .returning('status')
        .executeTakeFirst();
      if (!row) return null;
      const from = await setPlan(trx, userId, 'free');
      return { userId, from, to: 'free', status: row.status, pastDueStarted: false, graceExpired: true };
    });
    if (!result) continue;
    expired += 1;
    await afterSync(deps, result);
  }
  return { expired };
}
