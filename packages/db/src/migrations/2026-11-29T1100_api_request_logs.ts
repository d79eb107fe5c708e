import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per /v1 call made with a key (MCP tool calls included: each is a /v1 call), written
  // in batches after the answer (docs/api-keys.md, "Request log") and kept 30 days. No foreign
  // keys: a deleted key's calls stay listed, and a per-row check of users on every batch would be
  // a third of the insert's cost in PostgreSQL; the retention sweep removes every row in 30 days.
  await db.schema
    .createTable('api_request_logs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('operation', 'text')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('latency_ms', 'double precision', (c) => c.notNull())
    .addColumn('billed', 'boolean', (c) => c.notNull())
    .addColumn('cost_micros', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
  // The listing (newest first, per account, cursor on (at, id)) and the filters within an account.
  await sql`create index api_request_logs_user_at_idx on api_request_logs (user_id, at desc, id desc)`.execute(db);
  // The daily retention sweep deletes by time over every account: a BRIN index costs next to
  // nothing to keep on rows that arrive in time order.
  await sql`create index api_request_logs_at_brin on api_request_logs using brin (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_request_logs').execute();
}
