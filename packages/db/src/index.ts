export { createDb, dbConfigFrom, DatabaseUnavailableError, describe as describeDb } from './create-db.js';
export type { Db, DbConfig, DbHandle } from './create-db.js';
export { migrateToLatest } from './migrate.js';
export { seedDemoData } from './seed/index.js';
export type { SeedReport } from './seed/index.js';
export { seedBlogPosts } from './seed/blog/index.js';
export type * from './schema/index.js';
export * from './social-data.js';
