import { MARKET_BACKFILL_DAYS } from '@coinsight/contracts';
import { createDb, migrateToLatest, seedAssets, type Database, type DbHandle } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import type { SelectQueryBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed } from './feeds/simulated.js';
import { applyRetention, backfillHistory, rollUpCandles } from './store.js';
import { atTime } from '../clock.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const count = async (query: SelectQueryBuilder<Database, keyof Database, object>) =>
  Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase(process.env, { migrated: true });
  handle = await createDb(database.config);
  await migrateToLatest(handle.db);
  await seedAssets(handle.db);
});

afterAll(async () => {
  await handle.close();
  await database.drop();
});

describe('the simulated feed', () => {
  const asset = { symbol: 'BTC', slug: 'bitcoin' };
  const from = new Date('2026-11-01T00:00:00Z');
  const to = new Date('2026-11-03T00:00:00Z');

  it('gives the same series for the same seed, another for another seed', async () => {
    const first = await createSimulatedFeed({ seed: 7 }).history(asset, '1h', from, to);
    const again = await createSimulatedFeed({ seed: 7 }).history(asset, '1h', from, to);
    const other = await createSimulatedFeed({ seed: 8 }).history(asset, '1h', from, to);
    expect(first).toHaveLength(48);
    expect(again).toEqual(first);
    expect(other.map((c) => c.close)).not.toEqual(first.map((c) => c.close));
    const quotes = await createSimulatedFeed({ seed: 7 }).latest([asset], new Date('2026-11-02T12:00:04Z'));
    expect(quotes).toEqual(await createSimulatedFeed({ seed: 7 }).latest([asset], new Date('2026-11-02T12:00:04Z')));
  });

  it('chains candles: each opens where the last closed, and an hour spans its minutes', async () => {
    const feed = createSimulatedFeed({ seed: 7 });
    const hours = await feed.history(asset, '1h', from, to);
    for (let i = 1; i < hours.length; i++) expect(hours[i]?.open).toBeCloseTo(hours[i - 1]?.close ?? 0, 6);
    const minutes = await feed.history(asset, '1m', from, new Date(from.getTime() + HOUR));
    expect(minutes[0]?.open).toBeCloseTo(hours[0]?.open ?? 0, 6);
    expect(minutes.at(-1)?.close).toBeCloseTo(hours[0]?.close ?? 0, 6);
    // The hour's extremes are those of its minute path; minute candles see their 10 s steps too.
    const minutePath = [minutes[0]?.open ?? 0, ...minutes.map((m) => m.close)];
    expect(Math.max(...minutePath)).toBeCloseTo(hours[0]?.high ?? 0, 6);
    expect(Math.min(...minutePath)).toBeCloseTo(hours[0]?.low ?? 0, 6);
    for (const m of minutes) expect(m.high).toBeGreaterThanOrEqual(Math.max(m.open, m.close));
  });

  it('keeps stablecoins near $1 and moves memecoins far more than BTC', async () => {
    const feed = createSimulatedFeed({ seed: 1 });
    const spread = async (symbol: string) => {
      const days = await feed.history({ symbol, slug: symbol }, '1d', new Date('2026-08-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
      const returns = days.map((d) => Math.log(d.close / d.open));
      const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
      return { days, sd: Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / returns.length) };
    };
    const usdt = await spread('USDT');
    for (const day of usdt.days) expect(Math.abs(day.close - 1)).toBeLessThan(0.01);
    const btc = await spread('BTC');
    const wif = await spread('WIF');
    expect(wif.sd).toBeGreaterThan(2.5 * btc.sd);
    expect(btc.sd).toBeGreaterThan(0.01);
  });
});

describe('back-fill on a first start', () => {
  it('stores 90 days of daily and hourly candles per asset and the last hours of minutes; later runs fill only the gap', async () => {
    const now = new Date('2026-11-24T10:30:15Z');
    const feed = createSimulatedFeed({ seed: 1 });
    const started = performance.now();
    const first = await backfillHistory(atTime({ db: handle.db, log, feed }, now), {});
    console.warn(`back-fill of ${first.candles} candles for ${first.assets} assets took ${Math.round(performance.now() - started)} ms`);
    const assets = await handle.db.selectFrom('assets').select('symbol').execute();
    expect(first.assets).toBe(assets.length);

    const span = await handle.db
      .selectFrom('candles')
      .select((eb) => ['interval', eb.fn.min('open_time').as('first'), eb.fn.max('open_time').as('last'), eb.fn.countAll<number>().as('n')])
      .where('asset', '=', 'ETH')
      .groupBy('interval')
      .orderBy('interval')
      .execute();
    const dayStart = Date.parse('2026-11-24T00:00:00Z');
    expect(span).toEqual([
      { interval: '1d', first: new Date(dayStart - MARKET_BACKFILL_DAYS * DAY), last: new Date(dayStart - DAY), n: MARKET_BACKFILL_DAYS },
      {
        interval: '1h',
        first: new Date(dayStart - MARKET_BACKFILL_DAYS * DAY),
        last: new Date('2026-11-24T09:00:00Z'),
        n: MARKET_BACKFILL_DAYS * 24 + 10,
      },
      { interval: '1m', first: new Date('2026-11-24T04:30:00Z'), last: new Date('2026-11-24T10:29:00Z'), n: 360 },
    ]);
    // Again at once: the roll-ups' window (2 days, 2 hours, 5 minutes) is fetched again, unchanged.
    const before = await count(handle.db.selectFrom('candles'));
    const eth = () =>
      handle.db
        .selectFrom('candles')
        .select(['interval', 'open_time', 'close'])
        .where('asset', '=', 'ETH')
        .orderBy('interval')
        .orderBy('open_time')
        .execute();
    const ethBefore = await eth();
    expect(await backfillHistory(atTime({ db: handle.db, log, feed }, now), {})).toEqual({
      assets: assets.length,
      candles: (3 + 3 + 6) * assets.length,
    });
    expect(await count(handle.db.selectFrom('candles'))).toBe(before);
    expect(await eth()).toEqual(ethBefore);

    // After three hours stopped, with a roll-up already run since the start: the three hours
    // and their 180 minutes are filled all the same (no new day yet).
    const later = new Date(now.getTime() + 3 * HOUR);
    await handle.db
      .insertInto('price_ticks')
      .values({ asset: 'ETH', time: later, price: 3_000, volume_24h: 1, market_cap: null })
      .execute();
    await rollUpCandles(atTime({ db: handle.db }, later), {});
    await backfillHistory(atTime({ db: handle.db, log, feed }, later), {});
    const hours = await handle.db
      .selectFrom('candles')
      .select('open_time')
      .where('asset', '=', 'ETH')
      .where('interval', '=', '1h')
      .where('open_time', '>=', new Date('2026-11-24T09:00:00Z'))
      .execute();
    expect(hours.map((h) => h.open_time.toISOString().slice(11, 16))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00']);
    // BTC: 3 hours, 180 minutes, and today's candle in progress, which the roll-up made from the hours.
    expect(await count(handle.db.selectFrom('candles').where('asset', '=', 'BTC'))).toBe(before / assets.length + 3 + 180 + 1);
  }, 240_000); // 90 days of candles for every asset: about 20 s alone on PGlite, several times that on a loaded 2-core machine.
});

describe('candle roll-ups', () => {
  it('makes candles that equal the ticks they summarise', async () => {
    const t = (iso: string) => new Date(`2026-12-20T${iso}Z`);
    const ticks = [
      { time: t('13:00:00'), price: 100, volume_24h: 86_400 },
      { time: t('13:00:10'), price: 104, volume_24h: 86_400 },
      { time: t('13:00:20'), price: 98, volume_24h: 172_800 },
      { time: t('13:00:50'), price: 101, volume_24h: 172_800 },
      { time: t('13:01:00'), price: 102, volume_24h: 86_400 },
      { time: t('13:01:30'), price: 99.5, volume_24h: 86_400 },
    ];
    await handle.db
      .insertInto('price_ticks')
      .values(ticks.map((tick) => ({ asset: 'LINK', market_cap: null, ...tick })))
      .execute();
    await rollUpCandles(atTime({ db: handle.db }, t('13:01:40')), {});

    const candles = await handle.db
      .selectFrom('candles')
      .select(['interval', 'open_time', 'open', 'high', 'low', 'close', 'volume'])
      .where('asset', '=', 'LINK')
      .where('open_time', '>=', t('00:00:00'))
      .orderBy('interval')
      .orderBy('open_time')
      .execute();
    expect(candles).toEqual([
      { interval: '1d', open_time: new Date('2026-12-20T00:00:00Z'), open: 100, high: 104, low: 98, close: 99.5, volume: 90 + 60 },
      { interval: '1h', open_time: t('13:00:00'), open: 100, high: 104, low: 98, close: 99.5, volume: 90 + 60 },
      // 24 h volume averaged over the minute's ticks, times 60 s / 86,400 s.
      { interval: '1m', open_time: t('13:00:00'), open: 100, high: 104, low: 98, close: 101, volume: 90 },
      { interval: '1m', open_time: t('13:01:00'), open: 102, high: 102, low: 99.5, close: 99.5, volume: 60 },
    ]);

    // Run again after a late tick: the same candles, updated, never doubled.
    await handle.db
      .insertInto('price_ticks')
      .values({ asset: 'LINK', time: t('13:01:50'), price: 105, volume_24h: 86_400, market_cap: null })
      .execute();
    await rollUpCandles(atTime({ db: handle.db }, t('13:02:00')), {});
    const hour = await handle.db
      .selectFrom('candles')
      .select(['high', 'close'])
      .where('asset', '=', 'LINK')
      .where('interval', '=', '1h')
      .where('open_time', '=', t('13:00:00'))
      .execute();
    expect(hour).toEqual([{ high: 105, close: 105 }]);
  });
});

describe('retention', () => {
  it('deletes ticks older than 48 hours and minute candles older than 30 days, nothing else', async () => {
    const now = new Date('2026-12-31T00:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await handle.db
      .insertInto('price_ticks')
      .values([
        { asset: 'DOT', time: ago(48 * HOUR + 1_000), price: 1, volume_24h: null, market_cap: null },
        { asset: 'DOT', time: ago(47 * HOUR), price: 2, volume_24h: null, market_cap: null },
      ])
      .execute();
    const candle = (interval: '1m' | '1h' | '1d', open_time: Date) => ({
      asset: 'DOT',
      interval,
      open_time,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 0,
    });
    await handle.db
      .insertInto('candles')
      .values([candle('1m', ago(31 * DAY)), candle('1m', ago(29 * DAY)), candle('1h', ago(400 * DAY)), candle('1d', ago(400 * DAY))])
      .execute();

    // Earlier tests stored ticks and candles of November: all of their ticks and minutes are due too.
    const due = {
      ticks: await count(handle.db.selectFrom('price_ticks').where('time', '<', ago(48 * HOUR))),
      minuteCandles: await count(
        handle.db
          .selectFrom('candles')
          .where('interval', '=', '1m')
          .where('open_time', '<', ago(30 * DAY)),
      ),
    };
    const hoursAndDays = await count(handle.db.selectFrom('candles').where('interval', '!=', '1m'));
    expect(due.ticks).toBeGreaterThan(1);
    expect(await applyRetention(atTime({ db: handle.db }, now), {})).toEqual(due);
    expect(await count(handle.db.selectFrom('candles').where('interval', '!=', '1m'))).toBe(hoursAndDays);
    const ticks = await handle.db.selectFrom('price_ticks').select('price').where('asset', '=', 'DOT').execute();
    expect(ticks).toEqual([{ price: 2 }]);
    const kept = await handle.db
      .selectFrom('candles')
      .select(['interval', 'open_time'])
      .where('asset', '=', 'DOT')
      .where('open_time', 'in', [ago(31 * DAY), ago(29 * DAY), ago(400 * DAY)])
      .orderBy('interval')
      .execute();
    expect(kept).toEqual([
      { interval: '1d', open_time: ago(400 * DAY) },
      { interval: '1h', open_time: ago(400 * DAY) },
      { interval: '1m', open_time: ago(29 * DAY) },
    ]);
  });
});
