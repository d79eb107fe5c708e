import { parseArgs } from 'node:util';
import { importFile, type ImportFormat } from '../ingest/import-file.js';
import { PLATFORMS, type Platform } from '../schema/posts.js';
import { seedAssets } from '../seed/assets.js';
import { openMigrated, runCli } from './open.js';
import { formatCount, formatRate, startProgress } from './progress.js';

const USAGE = `Usage: pnpm db:import <file.jsonl|file.csv> --platform ${PLATFORMS.join('|')} [--format jsonl|csv]`;
const ERRORS_SHOWN = 20;

await runCli(async () => {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { platform: { type: 'string' }, format: { type: 'string' } },
    strict: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new Error(USAGE);
  const platform = values.platform as Platform | undefined;
  if (!platform || !PLATFORMS.includes(platform)) throw new Error(`--platform must be one of ${PLATFORMS.join(', ')}. ${USAGE}`);
  if (values.format !== undefined && values.format !== 'jsonl' && values.format !== 'csv')
    throw new Error(`--format must be jsonl or csv. ${USAGE}`);
  const format = values.format as ImportFormat | undefined;

  const handle = await openMigrated();
  // Coin symbols are found by matching against the tracked assets: a fresh database needs the list.
  await seedAssets(handle.db);
  const started = performance.now();
  const progress = startProgress(
    1,
    '{bar} {percentage}% | {rows} rows | {inserted} new, {updated} updated, {skipped} unchanged, {failed} failed',
    {
      rows: 0,
      inserted: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
    },
  );
  try {
    const report = await importFile(handle.db, file, {
      platform,
      format,
      onProgress: (r, bytesRead, totalBytes) => progress.update(totalBytes > 0 ? Math.min(1, bytesRead / totalBytes) : 1, { ...r }),
    });
    progress.update(1, { ...report });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    console.warn(
      `Imported ${file} (${platform}): ${formatRate(report.rows, seconds, 'rows')}: ` +
        `${formatCount(report.inserted)} inserted, ${formatCount(report.updated)} updated, ` +
        `${formatCount(report.skipped)} unchanged, ${formatCount(report.failed)} failed.`,
    );
    for (const error of report.errors.slice(0, ERRORS_SHOWN)) console.warn(`  line ${error.line}: ${error.reason}`);
    if (report.failed > ERRORS_SHOWN) console.warn(`  … and ${formatCount(report.failed - ERRORS_SHOWN)} more failed rows.`);
    // The good rows are in; a non-zero exit still tells a script that some were not.
    if (report.failed > 0) process.exitCode = 1;
  } finally {
    progress.stop();
    await handle.close();
  }
});
