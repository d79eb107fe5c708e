import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.js';
import { openSocialTestDb } from '../test/social-db.js';
import { importCandles } from './import-candles.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const BINANCE = path.join(FIXTURES, 'BTCUSDT-1h-2025-01-01.csv');
const CHART = path.join(FIXTURES, 'ethereum-market_chart-3d.json');

let handle: DbHandle;
let close: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ handle, close } = await openSocialTestDb());
  dir = mkdtempSync(path.join(tmpdir(), 'coinsight-candles-'));
});

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await sql`truncate candles`.execute(handle.db);
});

const stored = (asset: string) =>
  handle.db
    .selectFrom('candles')
    .select(['interval', 'open_time', 'open', 'high', 'low', 'close', 'volume'])
    .where('asset', '=', asset)
    .orderBy('interval')
    .orderBy('open_time')
    .execute();

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe(`candle import: Binance kline CSV (${process.env.TEST_DB})`, () => {
  it('imports a spot file (µs, no header), symbol and interval from its name, bad lines reported by number', async () => {
    const report = await importCandles(handle.db, BINANCE);
    expect(report).toMatchObject({
      format: 'binance-csv',
      symbol: 'BTC',
      interval: '1h',
      candles: 20,
      inserted: 20,
      updated: 0,
      unchanged: 0,
      skipped: 4,
    });
    expect(report.errors).toEqual([
      { line: 7, reason: 'expected 12 columns, found 5' },
      { line: 12, reason: 'open, high, low, close and quote volume must be non-negative numbers' },
      { line: 18, reason: 'high 92675.36000000 and low 92675.36000000 do not contain open 93022.56000000 and close 92775.22000000' },
      { line: 20, reason: 'a kline of 60000 ms, not 1h' },
    ]);
    const rows = await stored('BTC');
    expect(rows).toHaveLength(20);
    // Volume is the quote (USDT) volume: the candle's USD traded.
    expect(rows[0]).toEqual({
      interval: '1h',
      open_time: new Date('2025-01-01T00:00:00Z'),
      open: 93576,
      high: 93618.35,
      low: 93195.83,
      close: 93378.18,
      volume: 35491374.0530328,
    });
    expect(rows.map((r) => r.open_time.toISOString().slice(11, 13))).not.toContain('06');
  });

  it('importing the same file again changes nothing', async () => {
    await importCandles(handle.db, BINANCE);
    const before = await stored('BTC');
    const again = await importCandles(handle.db, BINANCE);
    expect(again).toMatchObject({ candles: 20, inserted: 0, updated: 0, unchanged: 20, skipped: 4 });
    expect(await stored('BTC')).toEqual(before);
  });

  it('updates a candle whose figures changed, and only that one', async () => {
    await importCandles(
      handle.db,
      write(
        'BTCUSDT-1h-2025-01-01.csv',
        '1735689600000,93576,93618.35,93195.83,93378.18,379.7,1735693199999,35491374.05,110239,159,14864710,0\n',
      ),
    );
    const report = await importCandles(handle.db, BINANCE);
    expect(report).toMatchObject({ inserted: 19, updated: 1, unchanged: 0 });
    expect((await stored('BTC'))[0]!.volume).toBe(35491374.0530328);
  });

  it('reads a futures-style file with a header (after a BOM) and millisecond times, and the later of two equal open times', async () => {
    const file = write(
      'ETHUSDT-1d-2024-01.csv',
      [
        '\uFEFFopen_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore',
        '1704067200000,2281.87,2352.37,2265.24,2352.04,216702.6,1704153599999,497720488.3,1170218,108321.2,248776512.9,0',
        '1704153600000,2352.04,2431.77,2341.00,2355.34,343433.9,1704239999999,818113325.1,1461337,170522.1,406221455.4,0',
        '1704153600000,2352.04,2431.77,2341.00,2356.00,343433.9,1704239999999,818113325.1,1461337,170522.1,406221455.4,0',
        '',
      ].join('\r\n'),
    );
    const report = await importCandles(handle.db, file);
    expect(report).toMatchObject({ symbol: 'ETH', interval: '1d', candles: 2, inserted: 2, skipped: 1 });
    expect(report.errors).toEqual([{ line: 3, reason: 'same open time as line 4, which replaces it' }]);
    expect((await stored('ETH')).map((r) => [r.open_time.toISOString(), r.close])).toEqual([
      ['2024-01-01T00:00:00.000Z', 2352.04],
      ['2024-01-02T00:00:00.000Z', 2356],
    ]);
  });

  it('refuses what it cannot store in USD or does not track, before writing anything', async () => {
    await expect(importCandles(handle.db, write('ETHBTC-1h-2025-01.csv', ''))).rejects.toThrow(
      'ETHBTC-1h-2025-01.csv is not quoted in USD (ETHBTC)',
    );
    await expect(importCandles(handle.db, write('klines.csv', ''))).rejects.toThrow('pass --symbol');
    await expect(importCandles(handle.db, write('klines.csv', ''), { symbol: 'NOPE' })).rejects.toThrow('NOPE is not a tracked asset');
    await expect(importCandles(handle.db, write('BTCUSDT-5m-2025-01.csv', ''))).rejects.toThrow(
      'holds 5m klines; candles are stored at 1m, 1h, 1d',
    );
    expect(await stored('BTC')).toEqual([]);
  });
});

describe(`candle import: CoinGecko market_chart JSON (${process.env.TEST_DB})`, () => {
  it('makes hourly candles from the chart, reports the point without a price, and a second import changes nothing', async () => {
    const report = await importCandles(handle.db, CHART, { symbol: 'eth' });
    expect(report).toMatchObject({ format: 'coingecko-json', symbol: 'ETH', interval: '1h', skipped: 1, updated: 0, unchanged: 0 });
    expect(report.errors).toEqual([{ line: 41, reason: expect.stringContaining('prices[40] is not a [UNIX ms, price ≥ 0] pair') }]);
    const rows = await stored('ETH');
    expect(rows).toHaveLength(report.candles);
    expect(report.inserted).toBe(report.candles);
    expect(report.candles).toBeGreaterThanOrEqual(71);
    for (const [i, row] of rows.entries()) {
      expect(row.open_time.getTime() % 3_600_000).toBe(0);
      expect(row.low).toBeLessThanOrEqual(Math.min(row.open, row.close));
      expect(row.high).toBeGreaterThanOrEqual(Math.max(row.open, row.close));
      if (i > 0) expect(row.open).toBe(rows[i - 1]!.close);
      // An hour's share of a 24 h volume between 16 and 22 billion.
      expect(row.volume).toBeGreaterThan(16e9 / 24);
      expect(row.volume).toBeLessThan(22e9 / 24);
    }
    expect(rows.at(-1)!.close).toBe(2871.42);

    const again = await importCandles(handle.db, CHART, { symbol: 'ETH' });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: report.candles });
  });

  it('makes daily candles when asked, and refuses minute candles', async () => {
    const report = await importCandles(handle.db, CHART, { symbol: 'ETH', interval: '1d' });
    expect(report.candles).toBeGreaterThanOrEqual(3);
    expect(report.candles).toBeLessThanOrEqual(4);
    expect((await stored('ETH')).every((r) => r.interval === '1d' && r.open_time.getUTCHours() === 0)).toBe(true);
    await expect(importCandles(handle.db, CHART, { symbol: 'ETH', interval: '1m' })).rejects.toThrow('5-minute points at best');
  });

  it('refuses a file that is not a market_chart answer', async () => {
    await expect(importCandles(handle.db, write('x.json', '{"prices": 3}'), { symbol: 'BTC' })).rejects.toThrow('no "prices" array');
    await expect(importCandles(handle.db, write('y.json', '{"prices": [[1,'), { symbol: 'BTC' })).rejects.toThrow('not JSON');
  });
});
