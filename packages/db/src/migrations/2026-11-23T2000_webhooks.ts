import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where a fired alert is also POSTed (http or https; checked for a public address at creation and again at delivery).
  await db.schema
    .alterTable('alerts')
    .addColumn('webhook_url', 'text', (c) => c.check(sql`char_length(webhook_url) <= 2048`))
    .execute();

  // One signing secret per account. Kept as it is, not hashed: its owner must be able to read it
  // again in settings, and the server needs it to sign. It signs outgoing messages only (it opens
  // nothing here), so a database reader could forge deliveries to the owner's endpoint: see docs/webhooks.md.
  await db.schema
    .createTable('webhook_secrets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rotated_at', 'timestamptz')
    .execute();

  // The outbox: written in the transaction that fires the alert, sent by the webhook-deliver job.
  // `attempts` counts the attempts started; `next_attempt_at` is when a pending one is due (or,
  // while an attempt is under way, when its lease runs out).
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('alert_id', 'bigint', (c) => c.references('alerts.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_user_idx').on('webhook_deliveries').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'bigint', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_attempts_pkey', ['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_secrets').execute();
  await db.schema.alterTable('alerts').dropColumn('webhook_url').execute();
}
