import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A new address takes effect only once its owner follows the link mailed to it; the old address
  // gets a link that undoes the change. Both tokens are kept as SHA-256 hashes only.
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('old_email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('verify_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('revert_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revert_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('reverted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_changes_user_id_idx').on('email_changes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
