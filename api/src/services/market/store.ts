import { CANDLE_INTERVAL_MS, CANDLE_INTERVALS, MARKET_BACKFILL_DAYS, MARKET_RETENTION_MS, type CandleInterval } from '@coinsight/contracts';
import type { Candle, CandlesTable } from '@coinsight/db';
import { sql, type Selectable } from 'kysely';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import type { MarketFeed } from './feed.js';

export type MarketStoreDeps = Pick<ServiceDeps, 'db' | 'log' | 'now'> & { feed: MarketFeed };

/** Rows per INSERT statement. */
const BATCH_ROWS = 5_000;
/** Minute candles back-filled on a first start, so the last hours chart at minute resolution. */
const BACKFILL_MINUTE_HOURS = 6;

/** How far back each roll-up recomputes: late ticks and the candle in progress are caught up. */
const ROLLUP_LOOKBACK_MS = { '1m': 5 * 60_000, '1h': 2 * 3_600_000, '1d': 2 * 86_400_000 } as const;

const floorTo = (time: number, size: number) => Math.floor(time / size) * size;

async function trackedAssets(db: ServiceDeps['db']) {
  return db.selectFrom('assets').select(['symbol', 'slug', 'circulating_supply']).orderBy('rank').execute();
}

/**
 * Asks the feed for the latest quotes and stores them as ticks at `now`. A quote without a
 * market cap gets price × the asset's stored circulating supply; supplies a feed reports are kept.
 */
export async function recordTick(deps: MarketStoreDeps, _input: NoInput): Promise<{ stored: number }> {
  const now = deps.now();
  const assets = await trackedAssets(deps.db);
  const quotes = await deps.feed.latest(assets, now);
  if (quotes.length === 0) return { stored: 0 };
  const supplies = new Map(assets.map((a) => [a.symbol, a.circulating_supply]));
  const result = await deps.db
    .insertInto('price_ticks')
    .values(
      quotes.map((quote) => {
        const supply = quote.circulatingSupply ?? supplies.get(quote.symbol) ?? null;
        return {
          asset: quote.symbol,
          time: quote.time,
          price: quote.price,
          volume_24h: quote.volume24h,
          market_cap: quote.marketCap ?? (supply === null ? null : quote.price * supply),
        };
      }),
    )
    // A retried job writes the same tick again: the first one stands.
    .onConflict((oc) => oc.columns(['asset', 'time']).doNothing())
    .executeTakeFirst();
  for (const quote of quotes) {
    if (quote.circulatingSupply === undefined && quote.totalSupply === undefined && quote.maxSupply === undefined) continue;
    await deps.db
      .updateTable('assets')
      .set({
        ...(quote.circulatingSupply !== undefined ? { circulating_supply: quote.circulatingSupply } : {}),
        ...(quote.totalSupply !== undefined ? { total_supply: quote.totalSupply } : {}),
        ...(quote.maxSupply !== undefined ? { max_supply: quote.maxSupply } : {}),
      })
      .where('symbol', '=', quote.symbol)
      .execute();
  }
  return { stored: Number(result.numInsertedOrUpdatedRows ?? 0n) };
}

/** A candle as stored: every column of the table, typed by the schema. */
type CandleRow = Selectable<CandlesTable>;

/** A feed's candles of one asset and interval, as rows to store. */
export function candleRows(asset: string, interval: CandleInterval, candles: readonly Candle[]): CandleRow[] {
  return candles.map((c) => ({
    asset,
    interval,
    open_time: c.openTime,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
  }));
}

/**
 * Idempotent: a candle written again (feed, roll-up, import) replaces the stored one. Each batch
 * is one statement with eight array parameters (unnest), not thousands of scalar ones: PostgreSQL
 * parses and plans it once, which made the first start's back-fill several times faster on PGlite.
 */
export async function upsertCandles(db: ServiceDeps['db'], rows: readonly CandleRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS);
    const column = <T>(pick: (row: CandleRow) => T) => batch.map(pick);
    await sql`
      insert into candles (asset, interval, open_time, open, high, low, close, volume)
      select * from unnest(
        ${column((r) => r.asset)}::text[], ${column((r) => r.interval)}::text[],
        ${column((r) => r.open_time.toISOString())}::timestamptz[],
        ${column((r) => r.open)}::float8[], ${column((r) => r.high)}::float8[], ${column((r) => r.low)}::float8[],
        ${column((r) => r.close)}::float8[], ${column((r) => r.volume)}::float8[])
      on conflict (asset, interval, open_time) do update
        set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`.execute(db);
  }
}

/**
 * Fills candle history from the feed so charts are never empty: on a first start 90 days of daily
 * and hourly candles and the last hours of minute candles; after a stop, the gap since the last
 * stored candle of each asset and interval. "Last" looks past the roll-ups' window, which they
 * may already have written since the start, and that window is fetched again. Closed candles
 * only: the candle in progress is the roll-ups' part.
 */
export async function backfillHistory(
  deps: MarketStoreDeps,
  input: { signal?: AbortSignal },
): Promise<{ assets: number; candles: number }> {
  const now = deps.now().getTime();
  const earliest: Record<CandleInterval, number> = {
    '1d': floorTo(now, CANDLE_INTERVAL_MS['1d']) - MARKET_BACKFILL_DAYS * CANDLE_INTERVAL_MS['1d'],
    '1h': floorTo(now, CANDLE_INTERVAL_MS['1d']) - MARKET_BACKFILL_DAYS * CANDLE_INTERVAL_MS['1d'],
    '1m': floorTo(now, CANDLE_INTERVAL_MS['1m']) - BACKFILL_MINUTE_HOURS * CANDLE_INTERVAL_MS['1h'],
  };
  let assets = 0;
  let candles = 0;
  for (const asset of await trackedAssets(deps.db)) {
    // Stopping mid-way loses nothing: each asset's candles are written whole, and the next start
    // fills from the last stored candle.
    if (input.signal?.aborted) break;
    const rows: CandleRow[] = [];
    for (const interval of CANDLE_INTERVALS) {
      // One index lookup per asset and interval (the primary key read backwards).
      const last = await deps.db
        .selectFrom('candles')
        .select('open_time')
        .where('asset', '=', asset.symbol)
        .where('interval', '=', interval)
        .where('open_time', '<', new Date(floorTo(now, CANDLE_INTERVAL_MS[interval]) - ROLLUP_LOOKBACK_MS[interval]))
        .orderBy('open_time', 'desc')
        .limit(1)
        .executeTakeFirst();
      const from = Math.max(earliest[interval], last?.open_time.getTime() ?? 0);
      const to = floorTo(now, CANDLE_INTERVAL_MS[interval]);
      if (from >= to) continue;
      const history = await deps.feed.history(asset, interval, new Date(from), new Date(to));
      for (const row of candleRows(asset.symbol, interval, history)) rows.push(row);
    }
    if (rows.length === 0) continue;
    await upsertCandles(deps.db, rows);
    assets += 1;
    candles += rows.length;
  }
  return { assets, candles };
}

/**
 * Minute candles from ticks, hourly from minute candles, daily from hourly, recomputed over a
 * short window and upserted, so a run repeated or run late gives the same candles. A minute
 * candle's volume is its share of the ticks' average 24 h volume (ticks carry no per-trade volume).
 */
export async function rollUpCandles(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  _input: NoInput,
): Promise<{ minute: number; hour: number; day: number }> {
  const now = deps.now().getTime();
  const since = (interval: CandleInterval) => new Date(floorTo(now, CANDLE_INTERVAL_MS[interval]) - ROLLUP_LOOKBACK_MS[interval]);

  const minute = await sql`
    insert into candles (asset, interval, open_time, open, high, low, close, volume)
    select asset, '1m', date_trunc('minute', time, 'UTC'),
           (array_agg(price order by time))[1], max(price), min(price), (array_agg(price order by time desc))[1],
           coalesce(avg(volume_24h), 0) * 60 / 86400
    from price_ticks where time >= ${since('1m')} and time <= ${new Date(now)}
    group by asset, date_trunc('minute', time, 'UTC')
    on conflict (asset, interval, open_time) do update
      set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`.execute(
    deps.db,
  );

  const fromFiner = (interval: '1h' | '1d', finer: '1m' | '1h', unit: 'hour' | 'day') => sql`
    insert into candles (asset, interval, open_time, open, high, low, close, volume)
    select asset, ${sql.lit(interval)}, date_trunc(${sql.lit(unit)}, open_time, 'UTC'),
           (array_agg(open order by open_time))[1], max(high), min(low), (array_agg(close order by open_time desc))[1], sum(volume)
    from candles where interval = ${finer} and open_time >= ${since(interval)} and open_time <= ${new Date(now)}
    group by asset, date_trunc(${sql.lit(unit)}, open_time, 'UTC')
    on conflict (asset, interval, open_time) do update
      set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`;
  const hour = await fromFiner('1h', '1m', 'hour').execute(deps.db);
  const day = await fromFiner('1d', '1h', 'day').execute(deps.db);
  return { minute: Number(minute.numAffectedRows ?? 0n), hour: Number(hour.numAffectedRows ?? 0n), day: Number(day.numAffectedRows ?? 0n) };
}

/** Ticks older than 48 hours and minute candles older than 30 days go; hourly and daily candles stay. */
export async function applyRetention(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  _input: NoInput,
): Promise<{ ticks: number; minuteCandles: number }> {
  const ticks = await deps.db
    .deleteFrom('price_ticks')
    .where('time', '<', new Date(deps.now().getTime() - MARKET_RETENTION_MS.ticks))
    .executeTakeFirst();
  const minuteCandles = await deps.db
    .deleteFrom('candles')
    .where('interval', '=', '1m')
    .where('open_time', '<', new Date(deps.now().getTime() - MARKET_RETENTION_MS.minuteCandles))
    .executeTakeFirst();
  return { ticks: Number(ticks.numDeletedRows), minuteCandles: Number(minuteCandles.numDeletedRows) };
}
