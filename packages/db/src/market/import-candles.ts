import { createReadStream, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CANDLE_INTERVAL_MS, CANDLE_INTERVALS, type CandleInterval } from '@coinsight/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import type { Candle } from './candle.js';
import { chartToCandles, type ChartPoint } from './chart-candles.js';

export type CandleFileFormat = 'binance-csv' | 'coingecko-json';

export interface CandleImportOptions {
  /** Our asset symbol; from a Binance file name (BTCUSDT-1h-…) when not given. */
  symbol?: string;
  /** From a Binance file name or its rows, or from the chart's spacing, when not given. */
  interval?: CandleInterval;
  format?: CandleFileFormat;
  batchSize?: number;
  onProgress?: (report: Readonly<CandleImportReport>, bytesRead: number, totalBytes: number) => void;
}

export interface CandleImportReport {
  format: CandleFileFormat;
  symbol: string;
  interval: CandleInterval;
  /** Candles read from the file. */
  candles: number;
  inserted: number;
  updated: number;
  /** Already stored with the same figures. */
  unchanged: number;
  /** Lines (or chart points) not imported; each has an entry in `errors`. */
  skipped: number;
  /** `line` is the file's line for CSV, the point's position in `prices` (from 1) for JSON. */
  errors: { line: number; reason: string }[];
}

type Parsed = { line: number; candle: Candle } | { line: number; error: string };

/** Quote currencies whose prices and quote volumes we take as USD. */
const USD_QUOTES = ['USDT', 'USDC', 'FDUSD', 'BUSD', 'TUSD', 'USDP', 'USD'];
const BINANCE_INTERVALS: Record<string, CandleInterval | undefined> = { '1m': '1m', '1h': '1h', '1d': '1d' };
/** A chart file is read whole (it is one JSON value); market_chart answers are far smaller than this. */
const MAX_JSON_BYTES = 256 * 1024 * 1024;

export function candleFormatOf(file: string): CandleFileFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return 'binance-csv';
  if (ext === '.json') return 'coingecko-json';
  throw new Error(`Cannot tell the format of ${file}: name it .csv (Binance klines) or .json (CoinGecko market_chart), or pass --format.`);
}

/** `BTCUSDT-1h-2025-01.csv` → BTC, 1h (data.binance.vision's naming). */
export function binanceFileName(file: string): { base?: string; quote?: string; interval?: string } {
  const match = /^([A-Z0-9]+)-(\w+)-\d{4}-\d{2}(?:-\d{2})?$/.exec(path.basename(file, path.extname(file)));
  if (!match) return {};
  const pair = match[1]!;
  const quote = USD_QUOTES.find((q) => pair.endsWith(q) && pair.length > q.length);
  return { base: quote ? pair.slice(0, -quote.length) : undefined, quote: quote ?? pair, interval: match[2] };
}

/**
 * Imports OHLCV candles for one asset and interval: Binance kline CSV (streamed line by line)
 * or a CoinGecko market_chart JSON (turned into candles by chartToCandles). Writes are upserts
 * on (asset, interval, open_time), so importing a file again changes nothing; a bad line is
 * reported with its number and the rest goes in.
 */
export async function importCandles(db: Kysely<Database>, file: string, options: CandleImportOptions = {}): Promise<CandleImportReport> {
  const format = options.format ?? candleFormatOf(file);
  const named = format === 'binance-csv' ? binanceFileName(file) : {};
  if (named.quote && !named.base && !options.symbol) {
    throw new Error(`${path.basename(file)} is not quoted in USD (${named.quote}): prices and volumes would be in another currency.`);
  }
  const symbol = (options.symbol ?? named.base)?.toUpperCase();
  if (!symbol) throw new Error(`Cannot tell the asset of ${path.basename(file)}: pass --symbol (e.g. --symbol BTC).`);
  const asset = await db.selectFrom('assets').select('symbol').where('symbol', '=', symbol).executeTakeFirst();
  if (!asset) throw new Error(`${symbol} is not a tracked asset (see the assets table).`);

  const namedInterval = named.interval === undefined ? undefined : BINANCE_INTERVALS[named.interval];
  if (named.interval !== undefined && !namedInterval && !options.interval) {
    throw new Error(`${path.basename(file)} holds ${named.interval} klines; candles are stored at ${CANDLE_INTERVALS.join(', ')}.`);
  }
  const totalBytes = statSync(file).size;
  const report: CandleImportReport = {
    format,
    symbol,
    interval: options.interval ?? namedInterval ?? '1h',
    candles: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    errors: [],
  };
  const batchSize = options.batchSize ?? 1000;
  let batch = new Map<number, { line: number; candle: Candle }>();
  let bytesRead = 0;

  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    batch = new Map();
    const written = await upsertCandles(
      db,
      symbol,
      report.interval,
      rows.map((r) => r.candle),
    );
    report.inserted += written.inserted;
    report.updated += written.updated;
    report.unchanged += rows.length - written.inserted - written.updated;
    options.onProgress?.(report, bytesRead, totalBytes);
  };
  const take = async (item: Parsed) => {
    if ('error' in item) {
      report.skipped++;
      report.errors.push({ line: item.line, reason: item.error });
      return;
    }
    report.candles++;
    const key = item.candle.openTime.getTime();
    // One statement cannot upsert a key twice: the later line wins, the earlier is reported.
    const earlier = batch.get(key);
    if (earlier) {
      report.candles--;
      report.skipped++;
      report.errors.push({ line: earlier.line, reason: `same open time as line ${item.line}, which replaces it` });
    }
    batch.set(key, item);
    if (batch.size >= batchSize) await flush();
  };

  if (format === 'binance-csv') {
    const stream = createReadStream(file);
    try {
      for await (const item of readBinanceKlines(stream, options.interval ?? namedInterval, (interval) => (report.interval = interval))) {
        bytesRead = stream.bytesRead;
        await take(item);
      }
    } finally {
      stream.destroy();
    }
  } else {
    if (totalBytes > MAX_JSON_BYTES)
      throw new Error(`${path.basename(file)} is over ${MAX_JSON_BYTES / 1024 / 1024} MB: not a market_chart answer?`);
    const chart = readMarketChart(await readFile(file, 'utf8'));
    for (const error of chart.errors) await take(error);
    const interval = options.interval ?? guessInterval(chart.prices);
    if (interval === '1m') throw new Error('CoinGecko charts have 5-minute points at best: import them as 1h or 1d candles.');
    report.interval = interval;
    for (const candle of chartToCandles(chart.prices, chart.volumes, interval)) await take({ line: 0, candle });
    bytesRead = totalBytes;
  }
  await flush();
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

async function upsertCandles(db: Kysely<Database>, asset: string, interval: CandleInterval, rows: Candle[]) {
  const result = await db
    .insertInto('candles')
    .values(
      rows.map((r) => ({
        asset,
        interval,
        open_time: r.openTime,
        open: r.open,
        high: r.high,
        low: r.low,
        close: r.close,
        volume: r.volume,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['asset', 'interval', 'open_time'])
        .doUpdateSet({
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
        })
        // An identical candle is left alone: not rewritten, not counted as updated.
        .where(
          sql<boolean>`(candles.open, candles.high, candles.low, candles.close, candles.volume) is distinct from (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)`,
        ),
    )
    // xmax = 0 only for rows this statement inserted.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .execute();
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}

const HEADER = /^open_time,/i;
const INTEGER = /^\d+$/;

/**
 * Binance's 12-column klines: open time, open, high, low, close, base volume, close time, quote
 * volume, trades, taker base, taker quote, ignore. Spot files have no header, futures files one;
 * times are ms (13 digits) or, in spot files from 2025 on, µs (16 digits). The candle's volume
 * is the quote volume: USD for the USD-quoted pairs this import accepts.
 */
export async function* readBinanceKlines(
  input: NodeJS.ReadableStream,
  expected: CandleInterval | undefined,
  onInterval: (interval: CandleInterval) => void,
): AsyncGenerator<Parsed> {
  let interval = expected;
  let line = 0;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (text === '' || (line === 1 && HEADER.test(text))) continue;
    const cells = text.split(',');
    if (cells.length !== 12) {
      yield { line, error: `expected 12 columns, found ${cells.length}` };
      continue;
    }
    const [openCell, o, h, l, c, , closeCell, quoteVolume] = cells.map((cell) => cell.trim());
    const openTime = timeOf(openCell!);
    const closeTime = timeOf(closeCell!);
    if (openTime === undefined || closeTime === undefined) {
      yield { line, error: `open and close times must be UNIX ms (13 digits) or µs (16 digits): "${openCell}", "${closeCell}"` };
      continue;
    }
    // The close time is the last ms (or µs) inside the kline.
    const length = Math.floor(closeTime) + 1 - openTime;
    const rowInterval = CANDLE_INTERVALS.find((i) => CANDLE_INTERVAL_MS[i] === length);
    if (!interval) {
      if (!rowInterval) {
        yield { line, error: `a kline of ${length} ms: candles are stored at ${CANDLE_INTERVALS.join(', ')}` };
        continue;
      }
      interval = rowInterval;
      onInterval(interval);
    }
    if (rowInterval !== interval) {
      yield { line, error: `a kline of ${length} ms, not ${interval}` };
      continue;
    }
    if (openTime % CANDLE_INTERVAL_MS[interval] !== 0) {
      yield { line, error: `open time ${new Date(openTime).toISOString()} is not on a ${interval} boundary` };
      continue;
    }
    const [open, high, low, close, volume] = [o, h, l, c, quoteVolume].map(Number) as [number, number, number, number, number];
    if (![open, high, low, close, volume].every((n) => Number.isFinite(n) && n >= 0) || [o, h, l, c, quoteVolume].some((s) => s === '')) {
      yield { line, error: 'open, high, low, close and quote volume must be non-negative numbers' };
      continue;
    }
    if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
      yield { line, error: `high ${h} and low ${l} do not contain open ${o} and close ${c}` };
      continue;
    }
    yield { line, candle: { openTime: new Date(openTime), open, high, low, close, volume } };
  }
}

/** ms from a 13-digit ms or 16-digit µs stamp (µs floored to the ms: close times end in 999 µs). */
function timeOf(cell: string): number | undefined {
  if (!INTEGER.test(cell)) return undefined;
  if (cell.length === 13) return Number(cell);
  if (cell.length === 16) return Number(cell) / 1000;
  return undefined;
}

interface ReadChart {
  prices: ChartPoint[];
  volumes: ChartPoint[];
  errors: { line: number; error: string }[];
}

/** `{ prices: [[ms, n], …], total_volumes: [[ms, n], …], … }`; a bad price point is reported by position. */
export function readMarketChart(text: string): ReadChart {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === null || typeof value !== 'object' || !('prices' in value) || !Array.isArray(value.prices)) {
    throw new Error('not a CoinGecko market_chart answer: no "prices" array');
  }
  const errors: ReadChart['errors'] = [];
  const prices: ChartPoint[] = [];
  value.prices.forEach((point: unknown, index: number) => {
    const read = pointOf(point);
    if (read) prices.push(read);
    else
      errors.push({
        line: index + 1,
        error: `prices[${index}] is not a [UNIX ms, price ≥ 0] pair: ${JSON.stringify(point)?.slice(0, 80)}`,
      });
  });
  const volumes: ChartPoint[] = [];
  if ('total_volumes' in value && Array.isArray(value.total_volumes)) {
    for (const point of value.total_volumes as unknown[]) {
      const read = pointOf(point);
      if (read) volumes.push(read);
    }
  }
  return { prices, volumes, errors };
}

function pointOf(point: unknown): ChartPoint | undefined {
  if (!Array.isArray(point) || point.length !== 2) return undefined;
  const [time, value] = point as unknown[];
  if (typeof time !== 'number' || !Number.isInteger(time) || time < 0) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return { time, value };
}

/** Hourly candles from points an hour apart or closer, daily ones from daily points. */
function guessInterval(prices: readonly ChartPoint[]): CandleInterval {
  if (prices.length < 2) return '1d';
  const times = prices.map((p) => p.time).sort((a, b) => a - b);
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]! < CANDLE_INTERVAL_MS['1d'] / 2 ? '1h' : '1d';
}
