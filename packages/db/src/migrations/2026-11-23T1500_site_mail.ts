import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A contact message whose mail failed is retried by a sweep; these columns are its schedule.
  await db.schema
    .alterTable('contact_messages')
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // While a sender holds the row this is its lease; after a failure, the next try. Null: nothing to do.
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  // Messages that failed before the sweep existed are sent on its first pass.
  await sql`update contact_messages set next_attempt_at = now() where mailed_at is null`.execute(db);
  await sql`create index contact_messages_due_idx on contact_messages (next_attempt_at) where mailed_at is null`.execute(db);

  // Double opt-in: an address counts only once confirmed. Earlier rows were never confirmed.
  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .execute();

  // Only the SHA-256 of a confirmation token is kept, as for password resets.
  await db.schema
    .createTable('newsletter_confirmations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subscriber_id', 'bigint', (c) => c.notNull().references('newsletter_subscribers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('newsletter_confirmations_subscriber_id_idx').on('newsletter_confirmations').column('subscriber_id').execute();

  // Extra headers of a kept mail (List-Unsubscribe and the like), so the outbox shows the whole mail.
  await db.schema.alterTable('outbox').addColumn('headers', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('headers').execute();
  await db.schema.dropTable('newsletter_confirmations').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('status').dropColumn('confirmed_at').dropColumn('unsubscribed_at').execute();
  await sql`drop index contact_messages_due_idx`.execute(db);
  await db.schema.alterTable('contact_messages').dropColumn('mail_attempts').dropColumn('next_attempt_at').dropColumn('last_error').execute();
}
