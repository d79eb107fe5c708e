import { parseArgs } from 'node:util';
import { CANDLE_INTERVALS, type CandleInterval } from '@coinsight/contracts';
import { importCandles, type CandleFileFormat } from '../market/import-candles.js';
import { seedAssets } from '../seed/assets.js';
import { openMigrated, runCli } from './open.js';
import { formatCount, startProgress } from './progress.js';

const USAGE = `Usage: pnpm db:import-candles <file.csv|file.json> [--symbol BTC] [--interval ${CANDLE_INTERVALS.join('|')}] [--format binance-csv|coingecko-json]`;
const ERRORS_SHOWN = 20;
const FORMATS: readonly CandleFileFormat[] = ['binance-csv', 'coingecko-json'];

const isInterval = (value: string): value is CandleInterval => (CANDLE_INTERVALS as readonly string[]).includes(value);
const isFormat = (value: string): value is CandleFileFormat => (FORMATS as readonly string[]).includes(value);

await runCli(async () => {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { symbol: { type: 'string' }, interval: { type: 'string' }, format: { type: 'string' } },
    strict: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new Error(USAGE);
  const { interval, format } = values;
  if (interval !== undefined && !isInterval(interval))
    throw new Error(`--interval must be one of ${CANDLE_INTERVALS.join(', ')}. ${USAGE}`);
  if (format !== undefined && !isFormat(format)) throw new Error(`--format must be one of ${FORMATS.join(', ')}. ${USAGE}`);

  const handle = await openMigrated();
  // Candles belong to tracked assets: a fresh database needs the list.
  await seedAssets(handle.db);
  const progress = startProgress(
    1,
    '{bar} {percentage}% | {candles} candles | {inserted} new, {updated} updated, {unchanged} unchanged, {skipped} skipped',
    {
      candles: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    },
  );
  try {
    const report = await importCandles(handle.db, file, {
      symbol: values.symbol,
      interval,
      format,
      onProgress: (r, bytesRead, totalBytes) => progress.update(totalBytes > 0 ? Math.min(1, bytesRead / totalBytes) : 1, { ...r }),
    });
    progress.update(1, { ...report });
    progress.stop();
    console.warn(
      `Imported ${file} as ${report.symbol} ${report.interval} candles: ${formatCount(report.candles)} read, ` +
        `${formatCount(report.inserted)} imported, ${formatCount(report.updated)} updated, ` +
        `${formatCount(report.unchanged)} unchanged, ${formatCount(report.skipped)} skipped.`,
    );
    const where = report.format === 'coingecko-json' ? 'price point' : 'line';
    for (const error of report.errors.slice(0, ERRORS_SHOWN)) console.warn(`  ${where} ${error.line}: ${error.reason}`);
    if (report.skipped > ERRORS_SHOWN) console.warn(`  … and ${formatCount(report.skipped - ERRORS_SHOWN)} more skipped.`);
    if (report.skipped > 0) process.exitCode = 1;
  } finally {
    progress.stop();
    await handle.close();
  }
});
