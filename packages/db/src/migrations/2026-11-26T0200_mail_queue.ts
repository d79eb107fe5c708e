import { sql, type Kysely } from 'kysely';

// The outbox also holds mail waiting for the global sending rate (MAIL_RATE_PER_SECOND): past the
// rate a mail is queued here, never dropped, and the mail sweep sends it when the rate allows.
// A kept mail (no SMTP_URL) has no next_attempt_at and is never swept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await sql`create index outbox_queued_idx on outbox (next_attempt_at) where sent_at is null and next_attempt_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_queued_idx`.execute(db);
  await db.schema.alterTable('outbox').dropColumn('next_attempt_at').dropColumn('sent_at').dropColumn('attempts').dropColumn('last_error').execute();
}
