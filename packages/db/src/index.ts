export {
  createDb,
  dbConfigFrom,
  DatabaseUnavailableError,
  describe as describeDb,
  dumpPglite,
  PoolBusyError,
  SMALL_PGLITE_SETTINGS,
} from './create-db.js';
export type { Db, DbConfig, DbHandle, PoolStats } from './create-db.js';
export { migrateToLatest, pendingMigrations } from './migrate.js';
export { seedDemoData } from './seed/index.js';
export type { SeedReport } from './seed/index.js';
export { seedBlogPosts } from './seed/blog/index.js';
export { seedAssets } from './seed/assets.js';
export { ASSET_LIST, type AssetListEntry } from './seed/asset-list.js';
export type * from './schema/index.js';
export * from './social-data.js';
export { chartToCandles } from './market/chart-candles.js';
export type { Candle } from './market/candle.js';
export type { ChartPoint } from './market/chart-candles.js';
export { importCandles } from './market/import-candles.js';
export type { CandleFileFormat, CandleImportOptions, CandleImportReport } from './market/import-candles.js';
export { seedDemoPosts } from './seed/posts/seed-posts.js';
export { likesBand, likesBandStart } from './postings/terms.js';
