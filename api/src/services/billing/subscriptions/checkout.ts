import type { RedirectUrl } from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { accountBillingScreen } from '../screens.js';
import { requireStripe, type BillingStripe } from '../stripe.js';

// Pro is sold through Stripe Checkout and granted only by Stripe's signed webhooks (webhook.ts):
// nothing here changes a plan.

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl'>;

/**
 * For a team's account (docs/accounts.md, "Teams"): checkout and the portal come back to the team's
 * screen, not the member's own billing tab, and Stripe's customer (receipts, card reminders) gets
 * the address of the member who opened the first checkout, since the team's own address is reserved
 * and reaches nobody. A person's account passes `{}`.
 */
export interface BillingPlace {
  team?: { id: string; name: string; contactEmail: string };
}

/** The account's Stripe customer, made on its first checkout (its id is stored before any event can name it). */
async function ensureCustomer(deps: Deps, stripe: BillingStripe, userId: string, place: BillingPlace): Promise<string> {
  const existing = await billingCustomer(deps, {}, { userId });
  if (existing) return existing.stripe_customer_id;
  const user = await deps.db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirstOrThrow();
  // One key per account: two clicks at once make one customer at Stripe (its idempotency replay).
  const customer = await stripe.client.customers.create(
    { email: place.team?.contactEmail ?? user.email, name: place.team?.name ?? user.username, metadata: { user_id: userId } },
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

/**
 * Opens a Stripe Checkout session for the metered Pro price and answers its URL. Nothing changes
 * here: Pro starts when Stripe's signed events say the subscription is active.
 */
export async function startCheckout(deps: Deps, input: BillingPlace, caller: SignedIn): Promise<RedirectUrl> {
  const { userId } = caller;
  const stripe = requireStripe(deps);
  const account = await deps.db.selectFrom('billing_accounts').select(['status']).where('user_id', '=', userId).executeTakeFirst();
  if (account?.status === 'active' || account?.status === 'trialing' || account?.status === 'past_due')
    throw new AppError('CONFLICT', 'You already have a Pro subscription: manage it from the billing portal.');
  const customer = await ensureCustomer(deps, stripe, userId, input);
  const screen = (query: string) => accountBillingScreen(deps.publicUrl, input.team ?? null, query);
  const session = await stripe.client.checkout.sessions.create({
    mode: 'subscription',
    customer,
    // A metered price takes no quantity (Stripe's API reference, https://docs.stripe.com/api/checkout/sessions/create: line_items).
    line_items: [{ price: stripe.settings.priceId }],
    client_reference_id: userId,
    metadata: { user_id: userId },
    subscription_data: { metadata: { user_id: userId } },
    // {CHECKOUT_SESSION_ID} is Stripe's literal template, filled in on the way back.
    success_url: screen('&checkout=success&session_id={CHECKOUT_SESSION_ID}'),
    cancel_url: screen('&checkout=cancelled'),
  });
  if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe did not return a checkout page. Please try again.');
  deps.log.info({ event: 'billing.checkout_started', userId, session: session.id }, 'checkout started');
  return { url: session.url };
}

/** The account's Stripe customer, when it has been to checkout. */
export function billingCustomer(
  deps: Pick<ServiceDeps, 'db'>,
  _input: NoInput,
  caller: SignedIn,
): Promise<{ stripe_customer_id: string } | undefined> {
  return deps.db.selectFrom('billing_accounts').select('stripe_customer_id').where('user_id', '=', caller.userId).executeTakeFirst();
}

/** A Stripe Customer Portal session (cards, invoices, cancellation) for the account. */
export async function openPortal(deps: Deps, input: BillingPlace, caller: SignedIn): Promise<RedirectUrl> {
  const stripe = requireStripe(deps);
  const account = await billingCustomer(deps, {}, caller);
  if (!account) throw new AppError('NOT_FOUND', 'There is no billing account yet: upgrade to Pro first.');
  const session = await stripe.client.billingPortal.sessions.create({
    customer: account.stripe_customer_id,
    return_url: accountBillingScreen(deps.publicUrl, input.team ?? null),
  });
  return { url: session.url };
}
