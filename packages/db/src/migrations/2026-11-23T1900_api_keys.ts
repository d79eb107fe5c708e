import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // API keys for /v1. The secret is `cs_live_` + 192 random bits; only its SHA-256 (hex) is kept.
  // A fast hash is enough here: argon2 protects low-entropy passwords from guessing, and a
  // 192-bit random secret cannot be guessed, while /v1 hashes the presented key on every call.
  // `prefix` is the first characters of the secret, shown in lists so a user can tell keys apart.
  // Deleting a key sets `deleted_at` (the key stops working at once) and keeps the row, so usage
  // already counted against it keeps its name in the billing split.
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 64`))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index api_keys_user_live_idx on api_keys (user_id, id) where deleted_at is null`.execute(db);

  // Creating an API key needs a confirmed address: sign-up mails a single-use link.
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  // An address that already came through a confirmed email change has been proven by its owner.
  await sql`
    update users set email_verified_at = ec.verified_at
    from email_changes ec
    where ec.user_id = users.id and ec.verified_at is not null and ec.reverted_at is null
      and lower(ec.new_email) = lower(users.email)
  `.execute(db);

  // Like password_resets: only the SHA-256 of the mailed token is stored.
  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The address the link was sent to: a link stops counting once the account's address changes. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_verifications_user_id_idx').on('email_verifications').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.dropTable('api_keys').execute();
}
