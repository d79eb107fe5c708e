import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The coins an account stars (docs/web-app.md, "Watchlist"): one row per account and coin, in the
  // order starred (`position`), read and written only by their owner. A coin no longer tracked
  // leaves every watchlist with it.
  await db.schema
    .createTable('watchlist_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull().references('assets.symbol').onDelete('cascade').onUpdate('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('watchlist_items_pkey', ['user_id', 'symbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlist_items').execute();
}
