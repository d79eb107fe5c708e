import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // /v1 POSTs with an Idempotency-Key (docs/api-v1.md): the first answer to (account, key) is kept for
  // 24 hours and replayed to a retry with the same body. The row is inserted before the work, in
  // the work's transaction: a concurrent duplicate waits on the primary key and then replays,
  // and a failed or crashed request leaves no row behind. `request_hash` is the SHA-256 of the
  // method, path and canonical JSON body. Rows older than 24 hours count as absent and are deleted
  // when their account next sends a key (a lazy expiry, no job).
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().check(sql`length(key) between 1 and 255`))
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
