import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A Pro account's monthly budget (docs/billing.md), in whole cents ($0.01 to $100,000.00).
  // The /v1 reservation statement reads it by primary key in the same statement, so the hard cap
  // costs no extra round trip. `updated_at` tells a changed budget from the one a mail was about.
  await db.schema
    .createTable('budgets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents between 1 and 10000000`))
    .addColumn('hard_cap', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Each threshold (80, 100 percent) reached in a month, once: the primary key is what makes the
  // mail go out once per account and month even when concurrent calls, or two instances, see the
  // crossing at the same time (insert … on conflict do nothing; only the inserter mails).
  await db.schema
    .createTable('budget_notices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'timestamptz', (c) => c.notNull())
    .addColumn('threshold', 'smallint', (c) => c.notNull().check(sql`threshold in (80, 100)`))
    .addColumn('billed_calls', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('budget_notices_pkey', ['user_id', 'month', 'threshold'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('budget_notices').execute();
  await db.schema.dropTable('budgets').execute();
}
