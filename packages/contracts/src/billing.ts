import { z } from 'zod';
import { PLAN_IDS, type PlanId } from './plans.js';
import type { UsageSummary } from './v1/usage.js';

export const changePlanSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: `plan must be one of: ${PLAN_IDS.join(', ')}` }),
});
export type ChangePlanInput = z.input<typeof changePlanSchema>;

/** One key's calls this month, for the per-key split (deleted keys keep their calls and name). */
export interface KeyUsage {
  id: number;
  name: string;
  prefix: string;
  deleted: boolean;
  calls: number;
}

export interface DailyUsage {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
}

export interface PlanChange {
  from: PlanId;
  to: PlanId;
  at: string;
}

export interface BillingSummary {
  usage: UsageSummary;
  /** Every day of the month so far, zeros included, oldest first. */
  daily: DailyUsage[];
  keys: KeyUsage[];
  /** The latest plan changes, newest first. */
  planChanges: PlanChange[];
}

/**
 * How long a Pro subscription whose payment failed (Stripe status past_due) keeps Pro's
 * limits while Stripe retries the card; past it the account is back on Free's limits and is mailed.
 */
export const PAST_DUE_GRACE_DAYS = 7;

/** Said on the billing tab and the pricing page when the server has no Stripe account configured. */
export const PAID_PLANS_UNAVAILABLE_MESSAGE = 'Paid plans are not available on this server.';

/** Stripe's subscription statuses (the SDK's Subscriptions.d.ts; https://docs.stripe.com/api/subscriptions/object). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The account's Stripe subscription as the app last heard of it (signed webhooks). */
export interface SubscriptionState {
  status: SubscriptionStatus;
  /** End of the period paid for (ISO); a cancelled subscription keeps Pro until then. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** While past_due: when Pro's limits end unless the payment goes through (ISO). */
  graceEndsAt: string | null;
}

/** billing.account: whether Pro can be bought here, and the account's subscription. */
export interface BillingAccount {
  /** False without Stripe configured: the app then says PAID_PLANS_UNAVAILABLE_MESSAGE and sells nothing. */
  paymentsAvailable: boolean;
  plan: PlanId;
  /** Null when the account never subscribed (an operator's grant has none). */
  subscription: SubscriptionState | null;
  /** Whether the Stripe Customer Portal (cards, invoices, cancellation) can be opened. */
  portalAvailable: boolean;
}

/** One Stripe invoice as the billing tab lists it. */
export interface Invoice {
  id: string;
  number: string | null;
  /** When Stripe created it (ISO). */
  created: string;
  periodStart: string;
  periodEnd: string;
  /** Metered calls on it (the sum of its lines' quantities). */
  calls: number;
  /** In the smallest unit of `currency` (cents for usd). */
  amountDue: number;
  amountPaid: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  /** Stripe's hosted invoice page; null for a draft. */
  hostedUrl: string | null;
}

/** Where the browser goes next: a Stripe Checkout or Customer Portal page. */
export interface RedirectUrl {
  url: string;
}

/**
 * billing.invoicePreview: Stripe's invoice preview for the subscription's current period beside
 * the local meter's figures for the same hours. The preview counts only what
 * was reported to Stripe; the local meter counts every call, so the two differ by the calls of
 * the hours not reported yet (an hour is reported once settled, minutes after it ends).
 */
export interface InvoicePreview {
  /** Stripe's amount due so far, in the smallest unit of `currency` (cents for usd). */
  amountDue: number;
  currency: string;
  /** The subscription period the preview covers (ISO). */
  periodStart: string;
  periodEnd: string;
  /** Calls on the preview's lines (what Stripe's meter summed). */
  previewCalls: number;
  /** Calls reported to Stripe for the period (meter events it accepted). */
  reportedCalls: number;
  /** What the reported calls cost at Pro's price, in micro-dollars: amountDue × 10,000 up to Stripe's rounding to the cent. */
  reportedCostMicros: number;
  /** Pro calls in the local meter for the period, reported or not. */
  billedCalls: number;
  costMicros: number;
  /** Calls of hours not reported yet (billedCalls − reportedCalls): on the next invoice all the same. */
  unreportedCalls: number;
  asOf: string;
}
