import type { ColumnType, Generated } from 'kysely';
import type { AccountPlan } from './users.js';

/** Stripe's state of an account's subscription, written by the webhook handler. */
export interface BillingAccountsTable {
  user_id: string;
  stripe_customer_id: string;
  stripe_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Stripe's subscription status: incomplete, trialing, active, past_due, canceled, unpaid, paused… */
  status: ColumnType<string | null, string | null | undefined, string | null>;
  current_period_end: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  /** First seen past_due: the grace period runs from here. */
  past_due_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the grace period ended and the account went back to Free. */
  grace_expired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Stripe event ids already handled (webhook idempotency). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

/** Every plan change of an account (upgrade or downgrade), newest last. */
export interface PlanChangesTable {
  id: Generated<number>;
  user_id: string;
  from_plan: AccountPlan;
  to_plan: AccountPlan;
  at: Generated<Date>;
}
