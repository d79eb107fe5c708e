import { PAID_PLANS_UNAVAILABLE_MESSAGE, type BillingSummary, type ChangePlanInput, type PlanId } from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { billingSummary } from '../metering/usage.js';
import { requireStripe } from '../stripe.js';
import { setPlan } from './set-plan.js';
import { syncSubscription } from './sync.js';

// The plan changes an account or the operator asks for. Stripe's own (a payment, a failure, the
// end of a subscription) come through its webhook (sync.ts); every one is recorded by setPlan.

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer' | 'now'>;

/**
 * The plan choice on the billing tab. Pro is never granted here: it is bought through Stripe
 * Checkout (billing.checkout) and starts with Stripe's signed webhook; asking for Pro only undoes a
 * pending cancellation of a subscription still paid for. Free cancels a subscription at the end of
 * its period (Pro stays until then), or applies at once without one. Choosing the current plan
 * changes nothing.
 */
export async function changePlan(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'now' | 'stripe' | 'publicUrl' | 'mailer'>,
  input: ChangePlanInput,
  caller: SignedIn,
): Promise<BillingSummary> {
  const { userId } = caller;
  if (input.plan === 'pro') {
    const user = await deps.db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!(await resume(deps, {}, caller)) && user.plan !== 'pro')
      throw new AppError(
        'FORBIDDEN',
        deps.stripe ? 'Pro starts once its payment is set up: use Upgrade to Pro to go to checkout.' : PAID_PLANS_UNAVAILABLE_MESSAGE,
      );
  } else {
    await downgrade(deps, {}, caller);
  }
  return billingSummary(deps, {}, caller);
}

/**
 * Back to Free. With a live subscription, Stripe cancels it at the end of the period paid for and
 * Pro stays until then (its deletion event ends it); without one (an operator's grant) at once.
 */
export async function downgrade(deps: Deps, _input: NoInput, caller: SignedIn): Promise<void> {
  const { userId } = caller;
  const account = await deps.db
    .selectFrom('billing_accounts')
    .select(['stripe_subscription_id', 'status'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const live = account?.stripe_subscription_id && ['active', 'trialing', 'past_due'].includes(account.status ?? '');
  if (live && account.stripe_subscription_id) {
    const stripe = requireStripe(deps);
    await stripe.client.subscriptions.update(account.stripe_subscription_id, { cancel_at_period_end: true });
    // Stored now so the tab says so at once; the customer.subscription.updated event says the same.
    await syncSubscription(deps, { subscriptionId: account.stripe_subscription_id });
    deps.log.info({ event: 'billing.cancel_at_period_end', userId }, 'subscription set to cancel at period end');
    return;
  }
  const from = await deps.db.transaction().execute((trx) => setPlan(trx, userId, 'free'));
  if (from) deps.log.info({ event: 'billing.plan_changed', userId, from, to: 'free', source: 'downgrade' }, 'plan changed');
}

/** Undoes a cancellation at period end (the subscription is still paid for: this grants nothing new). */
export async function resume(deps: Deps, _input: NoInput, caller: SignedIn): Promise<boolean> {
  const { userId } = caller;
  const account = await deps.db
    .selectFrom('billing_accounts')
    .select(['stripe_subscription_id', 'status', 'cancel_at_period_end'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!account?.stripe_subscription_id || !account.cancel_at_period_end || !['active', 'trialing'].includes(account.status ?? ''))
    return false;
  const stripe = requireStripe(deps);
  await stripe.client.subscriptions.update(account.stripe_subscription_id, { cancel_at_period_end: false });
  await syncSubscription(deps, { subscriptionId: account.stripe_subscription_id });
  return true;
}

/**
 * The operator's grant (`pnpm admin grant-plan`): the plan without payment, recorded in
 * plan_changes and logged with who ran it. Nothing in the web app reaches this.
 */
export async function grantPlan(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  input: { email: string; plan: PlanId; operator: string },
): Promise<{ userId: string; from: PlanId | null }> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  if (!user) throw new Error(`No account has the address ${input.email}.`);
  const from = await deps.db.transaction().execute((trx) => setPlan(trx, user.id, input.plan));
  deps.log.info(
    {
      event: 'billing.plan_granted',
      userId: user.id,
      from: from ?? input.plan,
      to: input.plan,
      operator: input.operator,
      changed: from !== null,
    },
    'plan granted by the operator',
  );
  return { userId: user.id, from };
}
