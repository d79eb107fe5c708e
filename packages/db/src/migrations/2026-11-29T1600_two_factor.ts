import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An account's authenticator (TOTP, RFC 6238). The secret is stored encrypted (AES-256-GCM, a key
  // derived from the server's signing secret): a copy of the table alone computes no code. A row
  // without confirmed_at is an enrolment begun and not yet confirmed with a code; sign-in asks for
  // a code only once it is confirmed. last_step is the time step of the last code accepted: a code
  // is accepted only for a later step, so an overheard code cannot be replayed.
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Ten single-use recovery codes per enrolment, of which only the SHA-256 is kept.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('recovery_codes_user_code_key', ['user_id', 'code_hash'])
    .execute();

  // The second step of a sign-in: a password or a mailed link proved, the answer is this
  // challenge (not a session), which a code turns into a session once, within minutes.
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_id_idx').on('two_factor_challenges').column('user_id').execute();

  // When a session was last used, written at most once a minute per session (auth/last-seen.ts).
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
