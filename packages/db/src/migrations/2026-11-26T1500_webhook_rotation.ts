import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Standard Webhooks (docs/webhooks.md): for 24 hours after a rotation deliveries are signed with
  // the new secret and this one, so a receiver can switch without losing a delivery. The window
  // runs from `rotated_at`; rotating again replaces it. Stored as issued, like `secret`.
  //
  // Secrets issued before this migration are `whsec_` + URL-safe base64 without padding, which
  // Standard Webhooks' libraries refuse. They are not rewritten here: the server presents each one
  // in standard base64 (the same 32 key bytes) and keys the deprecated Coinsight-Signature with
  // both spellings, so the string a customer saved keeps verifying (docs/webhooks.md).
  await db.schema.alterTable('webhook_secrets').addColumn('previous_secret', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_secrets').dropColumn('previous_secret').execute();
}
