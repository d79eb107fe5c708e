import {
  PAID_PLANS_UNAVAILABLE_MESSAGE,
  PAST_DUE_GRACE_DAYS,
  SUBSCRIPTION_STATUSES,
  type BillingAccount,
  type Invoice,
  type PlanId,
  type RedirectUrl,
  type SubscriptionStatus,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { sendMail } from '../mail/send.js';
import type { BillingStripe } from './stripe.js';

// Issue 22: Pro is sold through Stripe Checkout and granted only by Stripe's signed webhooks. Each
// subscription event is handled by re-reading the subscription from Stripe while the account's
// billing row is locked, so events that arrive twice or out of order all end in Stripe's current
// state, and the plan is changed (and recorded) only when that state gives another plan.

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer'>;

export const GRACE_MS = PAST_DUE_GRACE_DAYS * 86_400_000;

/** The Stripe client, or the plain "not sold here" answer when the server has none. */
export function requireStripe(deps: Pick<ServiceDeps, 'stripe'>): BillingStripe {
  if (!deps.stripe) throw new AppError('FORBIDDEN', PAID_PLANS_UNAVAILABLE_MESSAGE);
  return deps.stripe;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function statusOf(value: string | null): SubscriptionStatus | null {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? '') ? (value as SubscriptionStatus) : null;
}

/** Pro while Stripe says the subscription is paid for, and while a failed payment is within its grace period. */
export function planFor(state: { status: string | null; pastDueSince: Date | null; graceExpiredAt: Date | null }, now: Date): PlanId {
  if (state.status === 'active' || state.status === 'trialing') return 'pro';
  if (state.status === 'past_due' && !state.graceExpiredAt && state.pastDueSince && now.getTime() < state.pastDueSince.getTime() + GRACE_MS)
    return 'pro';
  return 'free';
}

/**
 * Moves the account to `to` inside the caller's transaction, recording the change; nothing when it
 * is already there. Answers the plan it came from when it changed.
 */
export async function setPlan(trx: Kysely<Database>, userId: string, to: PlanId): Promise<PlanId | null> {
  const user = await trx.selectFrom('users').select('plan').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  if (user.plan === to) return null;
  await trx.updateTable('users').set({ plan: to }).where('id', '=', userId).execute();
  await trx.insertInto('plan_changes').values({ user_id: userId, from_plan: user.plan, to_plan: to }).execute();
  return user.plan;
}

/** The account's Stripe customer, made on its first checkout (its id is stored before any event can name it). */
async function ensureCustomer(deps: Deps, stripe: BillingStripe, userId: string): Promise<string> {
  const existing = await deps.db
    .selectFrom('billing_accounts')
    .select('stripe_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return existing.stripe_customer_id;
  const user = await deps.db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirstOrThrow();
  // One key per account: two clicks at once make one customer at Stripe (its idempotency replay).
  const customer = await stripe.client.customers.create(
    { email: user.email, name: user.username, metadata: { user_id: userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  await deps.db
    .insertInto('billing_accounts')
    .values({ user_id: userId, stripe_customer_id: customer.id })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const stored = await deps.db
    .selectFrom('billing_accounts')
    .select('stripe_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return stored.stripe_customer_id;
}

const billingTab = (publicUrl: string, query = '') => `${publicUrl}/settings?tab=billing${query}`;

/**
 * Opens a Stripe Checkout session for the metered Pro price and answers its URL. Nothing changes
 * here: Pro starts when Stripe's signed events say the subscription is active.
 */
export async function startCheckout(deps: Deps, _input: NoInput, caller: SignedIn): Promise<RedirectUrl> {
  const { userId } = caller;
  const stripe = requireStripe(deps);
  const account = await deps.db.selectFrom('billing_accounts').select(['status']).where('user_id', '=', userId).executeTakeFirst();
  if (account?.status === 'active' || account?.status === 'trialing' || account?.status === 'past_due')
    throw new AppError('CONFLICT', 'You already have a Pro subscription: manage it from the billing portal.');
  const customer = await ensureCustomer(deps, stripe, userId);
  const session = await stripe.client.checkout.sessions.create({
    mode: 'subscription',
    customer,
    // A metered price takes no quantity (shared/reference/stripe-billing.md, Checkout).
    line_items: [{ price: stripe.settings.priceId }],
    client_reference_id: userId,
    metadata: { user_id: userId },
    subscription_data: { metadata: { user_id: userId } },
    // {CHECKOUT_SESSION_ID} is Stripe's literal template, filled in on the way back.
    success_url: billingTab(deps.publicUrl, '&checkout=success&session_id={CHECKOUT_SESSION_ID}'),
    cancel_url: billingTab(deps.publicUrl, '&checkout=cancelled'),
  });
  if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe did not return a checkout page. Please try again.');
  deps.log.info({ event: 'billing.checkout_started', userId, session: session.id }, 'checkout started');
  return { url: session.url };
}

/** The account's Stripe customer, when it has been to checkout. */
function billingCustomer(deps: Deps, userId: string): Promise<{ stripe_customer_id: string } | undefined> {
  return deps.db.selectFrom('billing_accounts').select('stripe_customer_id').where('user_id', '=', userId).executeTakeFirst();
}

/** A Stripe Customer Portal session (cards, invoices, cancellation) for the account. */
export async function openPortal(deps: Deps, _input: NoInput, caller: SignedIn): Promise<RedirectUrl> {
  const { userId } = caller;
  const stripe = requireStripe(deps);
  const account = await billingCustomer(deps, userId);
  if (!account) throw new AppError('NOT_FOUND', 'There is no billing account yet: upgrade to Pro first.');
  const session = await stripe.client.billingPortal.sessions.create({
    customer: account.stripe_customer_id,
    return_url: billingTab(deps.publicUrl),
  });
  return { url: session.url };
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

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

/** The account's latest invoices from Stripe, newest first (empty before its first checkout). */
export async function listInvoices(deps: Deps, _input: NoInput, caller: SignedIn): Promise<Invoice[]> {
  const { userId } = caller;
  const stripe = requireStripe(deps);
  const account = await billingCustomer(deps, userId);
  if (!account) return [];
  const list = await stripe.client.invoices.list({ customer: account.stripe_customer_id, limit: 12 });
  return list.data.map((invoice) => ({
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    created: new Date(invoice.created * 1000).toISOString(),
    periodStart: new Date(invoice.period_start * 1000).toISOString(),
    periodEnd: new Date(invoice.period_end * 1000).toISOString(),
    calls: invoice.lines.data.reduce((sum, line) => sum + (line.quantity ?? 0), 0),
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    status: INVOICE_STATUSES.find((s) => s === invoice.status) ?? 'draft',
    hostedUrl: invoice.hosted_invoice_url ?? null,
  }));
}

/**
 * Back to Free. With a live subscription, Stripe cancels it at the end of the period paid for and
 * Pro stays until then (its deletion event ends it); without one (an operator's grant) at once.
 */
export async function downgrade(deps: Deps, userId: string): Promise<void> {
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
    await syncSubscription(deps, account.stripe_subscription_id);
    deps.log.info({ event: 'billing.cancel_at_period_end', userId }, 'subscription set to cancel at period end');
    return;
  }
  const from = await deps.db.transaction().execute((trx) => setPlan(trx, userId, 'free'));
  if (from) deps.log.info({ event: 'billing.plan_changed', userId, from, to: 'free', source: 'downgrade' }, 'plan changed');
}

/** Undoes a cancellation at period end (the subscription is still paid for: this grants nothing new). */
export async function resume(deps: Deps, userId: string): Promise<boolean> {
  const account = await deps.db
    .selectFrom('billing_accounts')
    .select(['stripe_subscription_id', 'status', 'cancel_at_period_end'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!account?.stripe_subscription_id || !account.cancel_at_period_end || !['active', 'trialing'].includes(account.status ?? ''))
    return false;
  const stripe = requireStripe(deps);
  await stripe.client.subscriptions.update(account.stripe_subscription_id, { cancel_at_period_end: false });
  await syncSubscription(deps, account.stripe_subscription_id);
  return true;
}

/** What one sync changed, for the log and the mails sent after it. */
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

/** The latest end of the subscription's items' periods (the period lives on the items since API 2025-03-31). */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

/**
 * Re-reads the subscription from Stripe and applies it to its account under the account row's
 * lock: concurrent and repeated events all end in Stripe's current state, applied once.
 */
export async function syncSubscription(deps: Deps, subscriptionId: string, now = new Date()): Promise<SyncResult> {
  const stripe = requireStripe(deps);
  const subscription = await stripe.client.subscriptions.retrieve(subscriptionId);
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

async function afterSync(deps: Deps, result: SyncResult): Promise<void> {
  if (!result.userId) return;
  if (result.from)
    deps.log.info(
      { event: 'billing.plan_changed', userId: result.userId, from: result.from, to: result.to, source: 'stripe', status: result.status },
      'plan changed',
    );
  if (!result.pastDueStarted && !result.graceExpired) return;
  const user = await deps.db.selectFrom('users').select(['email', 'username']).where('id', '=', result.userId).executeTakeFirstOrThrow();
  await sendMail(
    deps,
    result.graceExpired
      ? { message: graceExpiredMail(user.email, user.username, deps.publicUrl), when: 'after-answer', event: 'billing.grace_expired' }
      : { message: paymentFailedMail(user.email, user.username, deps.publicUrl), when: 'after-answer', event: 'billing.payment_failed' },
  );
}

/**
 * Ends the grace period of every subscription past_due for longer than PAST_DUE_GRACE_DAYS: back
 * to Free's limits, with a mail. Run by a job; a later payment (invoice.paid) brings Pro back.
 */
export async function expirePastDueGrace(deps: Deps, now = new Date()): Promise<{ expired: number }> {
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

function paymentFailedMail(to: string, username: string, publicUrl: string) {
  return {
    to,
    subject: 'Your Coinsight payment failed',
    text: [
      `Hello ${username},`,
      '',
      `The last payment for your Coinsight Pro subscription failed. Your account keeps Pro's limits for ${PAST_DUE_GRACE_DAYS} days while the card is retried; after that it goes back to the Free plan's limits.`,
      '',
      `Update your card from the billing tab: ${billingTab(publicUrl)}`,
    ].join('\n'),
  };
}

function graceExpiredMail(to: string, username: string, publicUrl: string) {
  return {
    to,
    subject: 'Your Coinsight account is back on the Free plan',
    text: [
      `Hello ${username},`,
      '',
      `The payment for your Coinsight Pro subscription still failed ${PAST_DUE_GRACE_DAYS} days later, so your account is now on the Free plan's limits.`,
      'Once the payment goes through, Pro comes back on its own.',
      '',
      `Update your card from the billing tab: ${billingTab(publicUrl)}`,
    ].join('\n'),
  };
}

/** What handling one verified event did (answered to Stripe, and logged). */
export type EventOutcome = 'duplicate' | 'ignored' | 'applied';

/**
 * Handles one verified Stripe event, once: an event id seen before changes nothing. The id is
 * recorded after the work, so a failure (Stripe unreachable for the re-read) is answered 500 and
 * Stripe delivers it again.
 */
export async function handleStripeEvent(deps: Deps, event: Stripe.Event, now = new Date()): Promise<EventOutcome> {
  const seen = await deps.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return 'duplicate';
  let outcome: EventOutcome = 'ignored';
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const userId = session.client_reference_id;
      // The customer was stored before checkout; a session naming another one is not ours to link.
      if (userId && customerId) {
        await deps.db
          .insertInto('billing_accounts')
          .values({ user_id: userId, stripe_customer_id: customerId })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      }
      if (subscriptionId) {
        await syncSubscription(deps, subscriptionId, now);
        outcome = 'applied';
      }
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(deps, event.data.object.id, now);
      outcome = 'applied';
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // The subscription is at parent.subscription_details.subscription (no invoice.subscription since basil).
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (subscriptionId) {
        await syncSubscription(deps, subscriptionId, now);
        outcome = 'applied';
      }
      break;
    }
    default:
      break;
  }
  await deps.db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  deps.log.info({ event: 'billing.stripe_event', id: event.id, type: event.type, outcome }, 'stripe event');
  return outcome;
}
