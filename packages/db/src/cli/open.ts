import { parseArgs } from 'node:util';
import { createDb, dbConfigFrom, describe, type DbHandle } from '../create-db.js';
import { migrateToLatest } from '../migrate.js';

/**
 * Opens the database the server would open (DATABASE_URL, else PGlite in DATA_DIR) and brings
 * it to the latest migration. In the embedded mode the server must be stopped first: a PGlite
 * folder belongs to one process at a time.
 */
export async function openMigrated(): Promise<DbHandle> {
  const config = dbConfigFrom({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data' });
  console.warn(`Using ${describe(config)}`);
  // Migrations, seeding and imports may rightly run statements for minutes: no query timeout.
  const handle = await createDb(config.kind === 'postgres' ? { ...config, queryTimeoutMs: 0 } : config);
  const results = await migrateToLatest(handle.db);
  for (const r of results) console.warn(`migration ${r.migrationName}: ${r.status}`);
  return handle;
}

export function rejectArguments(): void {
  parseArgs({ args: process.argv.slice(2), options: {}, strict: true });
}

/** Runs a CLI body and turns any failure into one readable line and exit code 1. */
export async function runCli(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
