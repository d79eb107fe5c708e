import { sql, type Kysely } from 'kysely';

// Pro is sold through Stripe (docs/billing.md). Stripe's state of an account's subscription, as its signed
// webhooks (and a re-read of the subscription) told it; the plan itself stays on users.plan, set
// from this row by the webhook handler and the grace sweep only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('stripe_subscription_id', 'text')
    // Stripe's subscription status (incomplete, trialing, active, past_due, canceled, unpaid, paused…).
    .addColumn('status', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    // When the subscription was first seen past_due: the grace period (PAST_DUE_GRACE_DAYS) runs from it.
    .addColumn('past_due_since', 'timestamptz')
    // Set once the grace period ended and the account went back to Free (its mail sent once).
    .addColumn('grace_expired_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index billing_accounts_subscription_idx on billing_accounts (stripe_subscription_id)`.execute(db);

  // Every Stripe event id handled: a delivery seen before is answered 200 and changes nothing.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Pro calls per account and hour, written with the per-key hourly row by the same statement, so
  // the meter report reads what the account was billed for without re-deriving the plan of each call.
  await db.schema
    .alterTable('api_usage_hourly')
    .addColumn('pro_calls', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pro_calls >= 0`))
    .execute();

  // What the Billing Meter was told, one row per account and hour: the value is fixed when the row
  // is written (before sending), the identifier is derived from (account, hour), and sent_at is set
  // once Stripe accepted it. A retry or a second instance resends the same identifier and value,
  // which Stripe de-duplicates, so an hour is never billed twice.
  await db.schema
    .createTable('meter_reports')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull().unique())
    .addColumn('calls', 'integer', (c) => c.notNull().check(sql`calls > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('meter_reports_pkey', ['user_id', 'hour'])
    .execute();
  await sql`create index meter_reports_unsent_idx on meter_reports (created_at) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meter_reports').execute();
  await db.schema.alterTable('api_usage_hourly').dropColumn('pro_calls').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('billing_accounts').execute();
}
