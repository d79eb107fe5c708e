import type Stripe from 'stripe';
import { atTime } from '../../clock.js';
import type { ServiceDeps } from '../../deps.js';
import { idOf, syncSubscription } from './sync.js';

// Stripe's webhook (rest/stripe-webhook.ts verifies the signature): each event names a
// subscription, which sync.ts re-reads from Stripe and applies.

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'publicUrl' | 'mailer' | 'now'>;

/** What handling one verified event did (answered to Stripe, and logged). */
export type EventOutcome = 'duplicate' | 'ignored' | 'applied';

/**
 * Handles one verified Stripe event, once: an event id seen before changes nothing. The id is
 * recorded after the work, so a failure (Stripe unreachable for the re-read) is answered 500 and
 * Stripe delivers it again.
 */
export async function handleStripeEvent(deps: Deps, input: { event: Stripe.Event }): Promise<EventOutcome> {
  const { event } = input;
  // One reading of the clock for every sync this event causes.
  const at = atTime(deps, deps.now());
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
        await syncSubscription(at, { subscriptionId });
        outcome = 'applied';
      }
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(at, { subscriptionId: event.data.object.id });
      outcome = 'applied';
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // The subscription is at parent.subscription_details.subscription (no invoice.subscription since basil).
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (subscriptionId) {
        await syncSubscription(at, { subscriptionId });
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
