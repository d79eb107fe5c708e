import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A price alert fires when the latest tick is at or beyond `threshold` (USD); a mention alert
  // when the posts naming `symbol` in the last hour number more than `threshold`. `fired_at` set
  // means fired and spent until the user re-arms it (clears it).
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('price', 'mentions')`))
    .addColumn('symbol', 'text', (c) => c.notNull().references('assets.symbol').onDelete('cascade'))
    .addColumn('condition', 'text', (c) => c.notNull().check(sql`condition in ('above', 'below')`))
    .addColumn('threshold', 'double precision', (c) => c.notNull().check(sql`threshold >= 0`))
    .addColumn('email', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fired_at', 'timestamptz')
    .addColumn('fired_value', 'double precision')
    .execute();
  await db.schema.createIndex('alerts_user_idx').on('alerts').columns(['user_id', 'id']).execute();
  // The tick's check reads only the armed alerts.
  await sql`create index alerts_armed_idx on alerts (kind, symbol) where active and fired_at is null`.execute(db);

  // Only the choices a user made; a missing row means the default (contracts' NOTIFICATION_PREFERENCES).
  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pref', 'text', (c) => c.notNull().check(sql`pref in ('price-alerts', 'social-mentions', 'market-analysis')`))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_prefs_pkey', ['user_id', 'pref'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'bigint', (c) => c.references('alerts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('notification_prefs').execute();
  await db.schema.dropTable('alerts').execute();
}
