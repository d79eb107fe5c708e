import { sql, type Kysely } from 'kysely';

// Prices, volumes, caps and supplies are `double precision`, not `numeric`: they are quotes
// (measurements a feed reports), never a ledger that must balance to the cent. A double holds
// 15-17 significant digits, more than any feed gives, so a $0.00000912 memecoin and a
// $2,000,000,000,000 market cap are both stored exactly as received; aggregates (min, max, sums
// of volumes) run natively; both drivers hand back a JavaScript number. The USD display rule
// (2 decimals) is applied when a figure is shown, never when it is stored.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Supply figures as the feed last reported them; max is null for assets without a cap (ETH).
  await db.schema
    .alterTable('assets')
    .addColumn('circulating_supply', 'double precision')
    .addColumn('total_supply', 'double precision')
    .addColumn('max_supply', 'double precision')
    .execute();

  // One row per asset per feed tick; kept 48 hours (retention job).
  await db.schema
    .createTable('price_ticks')
    .addColumn('asset', 'text', (c) => c.notNull().references('assets.symbol').onDelete('cascade'))
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('volume_24h', 'double precision')
    .addColumn('market_cap', 'double precision')
    .addPrimaryKeyConstraint('price_ticks_pkey', ['asset', 'time'])
    .execute();
  await db.schema.createIndex('price_ticks_time_idx').on('price_ticks').column('time').execute();

  // OHLCV; the key makes every write an idempotent upsert (feeds, roll-ups and imports may
  // write the same candle again). volume is the USD volume traded during the candle.
  await db.schema
    .createTable('candles')
    .addColumn('asset', 'text', (c) => c.notNull().references('assets.symbol').onDelete('cascade'))
    .addColumn('interval', 'text', (c) => c.notNull().check(sql`interval in ('1m', '1h', '1d')`))
    .addColumn('open_time', 'timestamptz', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('candles_pkey', ['asset', 'interval', 'open_time'])
    .execute();
  // Retention deletes old minute candles of every asset at once.
  await sql`create index candles_interval_open_time_idx on candles (interval, open_time)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candles').execute();
  await db.schema.dropTable('price_ticks').execute();
  await db.schema.alterTable('assets').dropColumn('circulating_supply').dropColumn('total_supply').dropColumn('max_supply').execute();
}
