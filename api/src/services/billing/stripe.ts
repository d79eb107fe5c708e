import { PAID_PLANS_UNAVAILABLE_MESSAGE } from '@coinsight/contracts';
import Stripe from 'stripe';
import { AppError } from '../errors.js';

/** The Stripe settings (STRIPE_*, README's configuration table); undefined: paid plans are not sold here. */
export interface StripeSettings {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…): Pro is granted only by events signed with it. */
  webhookSecret: string;
  /** The metered Pro price ($0.15 per 1,000 calls) that Checkout subscribes to. */
  priceId: string;
  /** The Billing Meter's event name that hourly usage is sent under. */
  meterEventName: string;
  /** The meter's id, to read back what Stripe counted (reconciliation); optional. */
  meterId: string | undefined;
  /** Tests and development: a local server speaking Stripe's API instead of api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** The Stripe client and the settings it was made from, handed to the billing services. */
export interface BillingStripe {
  client: Stripe;
  settings: StripeSettings;
}

/** Seconds a webhook's signature timestamp may be old before it is refused (Stripe's DEFAULT_TOLERANCE). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Where STRIPE_API_URL points the client: the SDK's documented host, port and protocol options. */
export function stripeApiFrom(url: string | undefined): StripeSettings['api'] {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The official client, pointed at Stripe or (tests) at the local fake through host/port/protocol. */
export function createStripeClient(
  settings: Pick<StripeSettings, 'secretKey' | 'api'>,
  options: { maxNetworkRetries?: number } = {},
): Stripe {
  return new Stripe(settings.secretKey, {
    // The SDK retries twice by default (network errors, 409, 5xx) with the same Idempotency-Key.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Coinsight' },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
}

export function createBillingStripe(settings: StripeSettings | undefined): BillingStripe | undefined {
  return settings ? { client: createStripeClient(settings), settings } : undefined;
}

/** The Stripe client, or the plain "not sold here" answer when the server has none. */
export function requireStripe(deps: { stripe: BillingStripe | undefined }): BillingStripe {
  if (!deps.stripe) throw new AppError('FORBIDDEN', PAID_PLANS_UNAVAILABLE_MESSAGE);
  return deps.stripe;
}
