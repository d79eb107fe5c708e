import { sql, type Kysely } from 'kysely';

// A one-click sign-in link mailed from a throttled sign-in: the owner of the mailbox
// gets in whatever the guessing counters say. Like password_resets: only the SHA-256 of the
// mailed token is stored, it works once, and for 15 minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('login_links_user_id_idx').on('login_links').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_links').execute();
}
