import type { Kysely } from 'kysely';
// Kysely 0.29 serves the migrator from its own entry point.
import { Migrator, type MigrationResult } from 'kysely/migration';
import { migrations } from './migrations/index.js';

const migratorOf = <DB>(db: Kysely<DB>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Migrations this code has that the database has not run: what a readiness check waits on. */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const all = await migratorOf(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema to the latest migration; Kysely's lock makes concurrent starts safe. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const migrator = migratorOf(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed} failed: ${reason}`, { cause: error });
  }
  return results;
}
