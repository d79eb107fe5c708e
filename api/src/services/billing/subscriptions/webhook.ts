import type Stripe from 'stripe';
import { atTime } from '../../clock.js';
import type { ServiceDeps } from '../../deps.js';
import { idOf, syncSubscription } from './sync.js';

// Stripe's webhook (rest/stripe-webhook.ts verifies the signature): each event names a
// subscription, which sync.ts re-reads from Stripe and applies.

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer' | 'now'>;

/**
 * What handling one verified event did (answered to Stripe, and logged): `conflict` is a checkout
 * naming a customer already linked to another account, `unknown` a subscription Stripe does not have.
 */
export type EventOutcome = 'duplicate' | 'ignored' | 'applied' | 'conflict' | 'unknown';

/** Whether Stripe answered that the object asked for does not exist (resource_missing, 404). */
function isMissing(error: unknown): boolean {
  const e = error as { type?: unknown; statusCode?: unknown; code?: unknown } | null;
  return typeof e?.type === 'string' && e.type.startsWith('Stripe') && (e.code === 'resource_missing' || e.statusCode === 404);
}

/**
 * Handles one verified Stripe event, once: its id is claimed (inserted, the primary key decides)
 * before any effect, so concurrent or repeated deliveries of one event run it once and the others
 * answer `duplicate`. A failure (Stripe unreachable for the re-read) gives the claim back and is
 * answered 500, so Stripe delivers it again.
 */
export async function handleStripeEvent(deps: Deps, input: { event: Stripe.Event }): Promise<EventOutcome> {
  const { event } = input;
  const claimed = await deps.db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return 'duplicate';
  let outcome: EventOutcome;
  try {
    outcome = await applyEvent(deps, event);
  } catch (error) {
    if (isMissing(error)) {
      // Stripe has no such object: delivering it again cannot help. Stripe's own text stays in the log.
      deps.log.warn(
        { event: 'billing.stripe_unknown_object', id: event.id, type: event.type, err: error },
        'stripe event names an unknown object',
      );
      outcome = 'unknown';
    } else {
      await deps.db.deleteFrom('stripe_events').where('id', '=', event.id).execute();
      throw error;
    }
  }
  deps.log.info({ event: 'billing.stripe_event', id: event.id, type: event.type, outcome }, 'stripe event');
  return outcome;
}

/** Links a completed checkout's customer to its account; false when the customer is another account's. */
async function linkCustomer(deps: Deps, input: { eventId: string; userId: string; customerId: string }): Promise<boolean> {
  const { userId, customerId } = input;
  // Any conflict (this account already linked, or the customer linked to another) inserts nothing.
  await deps.db
    .insertInto('billing_accounts')
    .values({ user_id: userId, stripe_customer_id: customerId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const owner = await deps.db
    .selectFrom('billing_accounts')
    .select('user_id')
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
  if (!owner || owner.user_id === userId) return true;
  deps.log.warn(
    { event: 'billing.customer_conflict', id: input.eventId, userId, customerId, linkedTo: owner.user_id },
    'checkout names a customer linked to another account: not applied',
  );
  return false;
}

async function applyEvent(deps: Deps, event: Stripe.Event): Promise<EventOutcome> {
  // One reading of the clock for every sync this event causes.
  const at = atTime(deps, deps.now());
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const userId = session.client_reference_id;
      // The customer was stored before checkout; a session naming another account's is not applied.
      if (userId && customerId && !(await linkCustomer(deps, { eventId: event.id, userId, customerId }))) return 'conflict';
      if (!subscriptionId) return 'ignored';
      await syncSubscription(at, { subscriptionId });
      return 'applied';
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(at, { subscriptionId: event.data.object.id });
      return 'applied';
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // The subscription is at parent.subscription_details.subscription (no invoice.subscription since basil).
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (!subscriptionId) return 'ignored';
      await syncSubscription(at, { subscriptionId });
      return 'applied';
    }
    default:
      return 'ignored';
  }
}
