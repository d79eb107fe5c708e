import type { Kysely } from 'kysely';
// Kysely 0.29 serves the migrator from its own entry point.
import { Migrator, type MigrationResult } from 'kysely/migration';
import { migrations } from './migrations/index.js';

/** Brings the schema to the latest migration; Kysely's lock makes concurrent starts safe. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed} failed: ${reason}`, { cause: error });
  }
  return results;
}
