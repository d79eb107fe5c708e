import { SUBSCRIPTION_STATUSES, type BillingAccount, type SubscriptionStatus } from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { GRACE_MS } from './grace.js';

type Deps = Pick<ServiceDeps, 'db' | 'stripe'>;

function statusOf(value: string | null): SubscriptionStatus | null {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? '') ? (value as SubscriptionStatus) : null;
}

/** Whether Pro can be bought here, and the account's subscription as Stripe last told it. */
export async function billingAccount(deps: Deps, _input: NoInput, caller: SignedIn): Promise<BillingAccount> {
  const { userId } = caller;
  const [user, account] = await Promise.all([
    deps.db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('billing_accounts')
      .select(['status', 'current_period_end', 'cancel_at_period_end', 'past_due_since', 'grace_expired_at', 'stripe_subscription_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const status = statusOf(account?.status ?? null);
  const inGrace = status === 'past_due' && account?.past_due_since && !account.grace_expired_at;
  return {
    paymentsAvailable: deps.stripe !== undefined,
    plan: user.plan,
    subscription:
      account && status
        ? {
            status,
            currentPeriodEnd: account.current_period_end?.toISOString() ?? null,
            cancelAtPeriodEnd: account.cancel_at_period_end,
            graceEndsAt: inGrace && account.past_due_since ? new Date(account.past_due_since.getTime() + GRACE_MS).toISOString() : null,
          }
        : null,
    portalAvailable: deps.stripe !== undefined && account !== undefined,
  };
}
