import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createDb,
  dumpPglite,
  migrateToLatest,
  pendingMigrations,
  seedAssets,
  seedDemoPosts,
  SMALL_PGLITE_SETTINGS,
  type DbHandle,
} from '@coinsight/db';
import { sql } from 'kysely';
import { atTime } from '../clock.js';
import type { Log } from '../deps.js';
import { createSimulatedFeed } from '../market/feeds/simulated.js';
import { CANDLE_INTERVAL_MS, type CandleInterval } from '@coinsight/contracts';
import { candleRows, recordTick, upsertCandles } from '../market/store.js';

/**
 * The test dataset's clock: every test-mode answer is computed as of this instant (its `asOf`,
 * the latest prices, the 24 h windows of mentions and sentiment), so the same call gives the same body.
 */
export const TEST_EPOCH = new Date('2026-01-01T00:00:00.000Z');
/** The seed of the simulated price walk and of the generated posts. */
export const TEST_DATASET_SEED = 20_260_101;
/** The assets of the test dataset: the first ten of the tracked list (BTC, ETH, …). */
export const TEST_DATASET_ASSETS = 10;
/** Candles stored per interval, ending at TEST_EPOCH: fewer than a live start back-fills, so the build stays quick. */
export const TEST_DATASET_CANDLE_SPANS: Record<CandleInterval, number> = {
  '1d': 90 * CANDLE_INTERVAL_MS['1d'],
  '1h': 30 * CANDLE_INTERVAL_MS['1d'],
  '1m': 6 * CANDLE_INTERVAL_MS['1h'],
};
/** Generated posts over the 90 days before TEST_EPOCH. */
export const TEST_DATASET_POSTS = 2_000;

/**
 * The built dataset, written by the api's build (cli/build-test-dataset.ts) beside the compiled
 * code: the same path from src/ and dist/, so the tests read the build's too.
 */
export const TEST_DATASET_FILE = fileURLToPath(new URL('../../../dist/test-dataset.tar.gz', import.meta.url));

/**
 * The test dataset for a server's first test-mode call: a copy of the build's (TEST_DATASET_FILE)
 * when there is one at the latest migration (2–3 s), else built here (buildTestDataset:
 * seconds of CPU, most of them the engine's start from nothing). Either way the same rows.
 */
export async function openTestDataset(log: Log): Promise<DbHandle> {
  if (!existsSync(TEST_DATASET_FILE)) return buildTestDataset(log);
  const started = performance.now();
  const handle = await createDb({ kind: 'pglite', dataDir: undefined, template: TEST_DATASET_FILE });
  const pending = await pendingMigrations(handle.db).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (pending.length > 0) {
    // A build older than the code's migrations (sources run without building): made afresh.
    await handle.close();
    log.warn(
      { event: 'test_mode.dataset_stale', file: TEST_DATASET_FILE, pending: pending.length },
      'built test dataset is behind the migrations: building it here',
    );
    return buildTestDataset(log);
  }
  log.info({ event: 'test_mode.dataset_opened', ms: Math.round(performance.now() - started) }, 'test dataset opened');
  return handle;
}

/**
 * Builds the dataset and writes it to `file` for openTestDataset, gzipped (it ships in the image),
 * with the settings of a small template (SMALL_PGLITE_SETTINGS): each server holds it in memory.
 */
export async function writeTestDataset(log: Log, file: string): Promise<void> {
  const handle = await buildTestDataset(log);
  try {
    await sql.raw(SMALL_PGLITE_SETTINGS).execute(handle.db);
    await dumpPglite(handle.db, file, { gzip: true });
  } finally {
    await handle.close();
  }
}

/**
 * Builds the fixed test dataset in an in-memory embedded database of its own, apart from the live
 * one: the schema by the same migrations, the first TEST_DATASET_ASSETS assets, the candles of
 * TEST_DATASET_CANDLE_SPANS and the latest tick from the simulated feed seeded with TEST_DATASET_SEED, and TEST_DATASET_POSTS
 * generated posts with their sentiment and rollups, all as of TEST_EPOCH. Every input is fixed, so
 * every build holds the same rows (docs/api-keys.md).
 */
export async function buildTestDataset(log: Log): Promise<DbHandle> {
  const started = performance.now();
  const handle = await createDb({ kind: 'pglite', dataDir: undefined });
  try {
    const { db } = handle;
    await migrateToLatest(db);
    await seedAssets(db);
    await db.deleteFrom('assets').where('rank', '>', TEST_DATASET_ASSETS).execute();
    const feed = createSimulatedFeed({ seed: TEST_DATASET_SEED });
    const assets = await db.selectFrom('assets').select(['symbol', 'slug']).orderBy('rank').execute();
    for (const asset of assets) {
      for (const [interval, span] of Object.entries(TEST_DATASET_CANDLE_SPANS) as [CandleInterval, number][]) {
        const candles = await feed.history(asset, interval, new Date(TEST_EPOCH.getTime() - span), TEST_EPOCH);
        await upsertCandles(db, candleRows(asset.symbol, interval, candles));
      }
    }
    await recordTick(atTime({ db, log, feed }, TEST_EPOCH), {});
    await seedDemoPosts(db, { count: TEST_DATASET_POSTS, seed: TEST_DATASET_SEED, now: TEST_EPOCH });
  } catch (error) {
    await handle.close();
    throw error;
  }
  log.info({ event: 'test_mode.dataset_built', ms: Math.round(performance.now() - started) }, 'test dataset built');
  return handle;
}
