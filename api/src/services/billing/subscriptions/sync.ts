import type Stripe from 'stripe';
import type { ServiceDeps } from '../../deps.js';
import { requireStripe } from '../stripe.js';
import { GRACE_MS, planFor } from './grace.js';
import { afterSync, type SyncResult } from './outcome.js';
import { setPlan } from './set-plan.js';

// Each subscription event is handled by re-reading the subscription from Stripe while the account's
// billing row is locked, so events that arrive twice or out of order all end in Stripe's current
// state, and the plan is changed (and recorded) only when that state gives another plan.

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer' | 'now'>;

/** The id of a Stripe field that is either an id or the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The latest end of the subscription's items' periods (the period lives on the items since API 2025-03-31). */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

/**
 * Re-reads the subscription from Stripe and applies it to its account under the account row's
 * lock: concurrent and repeated events all end in Stripe's current state, applied once.
 */
export async function syncSubscription(deps: Deps, input: { subscriptionId: string }): Promise<SyncResult> {
  const stripe = requireStripe(deps);
  const now = deps.now();
  const subscription = await stripe.client.subscriptions.retrieve(input.subscriptionId);
  const customerId = idOf(subscription.customer);
  const result = await deps.db.transaction().execute(async (trx): Promise<SyncResult> => {
    const account = await trx
      .selectFrom('billing_accounts')
      .select(['user_id', 'stripe_subscription_id', 'status', 'past_due_since', 'grace_expired_at'])
      .where('stripe_customer_id', '=', customerId ?? '')
      .forUpdate()
      .executeTakeFirst();
    const none: SyncResult = {
      userId: null,
      from: null,
      to: null,
      status: subscription.status,
      pastDueStarted: false,
      graceExpired: false,
    };
    if (!account) return none;
    // An older subscription of the account (ended, replaced) never overrides the one in force.
    const current = account.stripe_subscription_id;
    const live = ['active', 'trialing', 'past_due'];
    if (current && current !== subscription.id && live.includes(account.status ?? '') && !live.includes(subscription.status))
      return { ...none, userId: account.user_id };
    const pastDue = subscription.status === 'past_due';
    const sameEpisode = current === subscription.id && account.status === 'past_due';
    const pastDueSince = pastDue ? (sameEpisode && account.past_due_since ? account.past_due_since : now) : null;
    let graceExpiredAt = pastDue && sameEpisode ? account.grace_expired_at : null;
    let graceExpired = false;
    if (pastDue && !graceExpiredAt && pastDueSince && now.getTime() >= pastDueSince.getTime() + GRACE_MS) {
      graceExpiredAt = now;
      graceExpired = true;
    }
    await trx
      .updateTable('billing_accounts')
      .set({
        stripe_subscription_id: subscription.id,
        status: subscription.status,
        current_period_end: periodEndOf(subscription),
        cancel_at_period_end: subscription.cancel_at_period_end,
        past_due_since: pastDueSince,
        grace_expired_at: graceExpiredAt,
        updated_at: now,
      })
      .where('user_id', '=', account.user_id)
      .execute();
    const to = planFor({ status: subscription.status, pastDueSince, graceExpiredAt }, now);
    const from = await setPlan(trx, account.user_id, to);
    return {
      userId: account.user_id,
      from,
      to,
      status: subscription.status,
      pastDueStarted: pastDue && !sameEpisode,
      graceExpired,
    };
  });
  await afterSync(deps, result);
  return result;
}
