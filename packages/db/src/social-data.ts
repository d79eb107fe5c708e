// The social-data part of the package: analysis, ingest, rollups and the demo generator.
export { analyzePost, type PostAnalysis } from './analysis/analyze.js';
export { extractCashtags, extractHashtags } from './analysis/extract.js';
export { loadSymbolMatcher } from './analysis/load-symbol-matcher.js';
export { reanalyzePosts, type ReanalyzeReport } from './analysis/reanalyze.js';
export { sentimentScore } from './analysis/sentiment.js';
export { createSymbolMatcher, type AssetRef, type SymbolMatcher } from './analysis/symbol-matcher.js';
export { formatOf, importFile, type ImportFileOptions, type ImportFormat } from './ingest/import-file.js';
export {
  DEFAULT_BATCH_SIZE,
  importPosts,
  MAX_REPORTED_ERRORS,
  type ImportError,
  type ImportOptions,
  type ImportReport,
  type SourceRecord,
} from './ingest/import-posts.js';
export { parsePostRecord, type PostInput, type RawRecord } from './ingest/post-record.js';
export { readCsv } from './ingest/read-csv.js';
export { readJsonLines } from './ingest/read-jsonl.js';
export { orderPostingsDay } from './postings/order.js';
export { dayOf, hourOf, topicsOf } from './rollups/delta.js';
export { rebuildRollups } from './rollups/rebuild.js';
export { findRollupDrift } from './rollups/verify.js';
export { MEDIA_TYPES, PLATFORMS, POST_CONTENT_COLUMNS, POST_COUNTERS, REACTION_KINDS } from './schema/posts.js';
export { DEMO_PERIOD_DAYS, DEMO_SEED, generateDemoPosts, type GenerateOptions } from './seed/posts/generate.js';
export { mulberry32 } from './seed/posts/prng.js';
export { seedAssets } from './seed/assets.js';
export { DEMO_POST_COUNT, seedDemoPosts, type SeedPostsOptions, type SeedPostsReport } from './seed/posts/seed-posts.js';
export { ensurePostMonths } from './partitions/months.js';
export { dropPostMonthsBefore, postMonths, retentionHorizon, type PostMonth } from './partitions/retention.js';
