import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, dumpPglite, type DbConfig } from './create-db.js';
import { migrateToLatest } from './migrate.js';

/**
 * Test support shared by the packages whose integration tests need a database. Integration
 * tests (`*.int.test.ts`) run once on PGlite and once more on PostgreSQL when
 * TEST_DATABASE_URL is set; unit tests (`*.test.ts`) run once.
 */
export type TestDbKind = 'pglite' | 'postgres';

type Project = { extends: true; test: { name: string; include: string[]; exclude?: string[]; env?: Record<string, string> } };

/** vitest `projects`: unit, integration on PGlite, integration on PostgreSQL (when configured). */
export function testProjects(env: NodeJS.ProcessEnv = process.env): Project[] {
  const integration = ['src/**/*.int.test.ts'];
  const projects: Project[] = [
    { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: integration } },
    { extends: true, test: { name: 'pglite', include: integration, env: { TEST_DB: 'pglite' } } },
  ];
  if (env.TEST_DATABASE_URL) {
    projects.push({ extends: true, test: { name: 'postgres', include: integration, env: { TEST_DB: 'postgres' } } });
  }
  return projects;
}

/**
 * vitest's `maxWorkers` for the packages with database tests: two test files at a time at least,
 * one per core on a larger machine (vitest's own default leaves one core free, which on a 2-core
 * CI machine means one file at a time). Most of a file's time goes to importing the app and
 * waiting on a database, so two overlap well on two cores. Files share nothing a second worker
 * could disturb: each makes its own databases (createTestDatabase), its servers listen on ports
 * the OS picks, and what the tests keep in Redis is under names unique to the test.
 */
export function testWorkers(): number {
  return Math.max(2, availableParallelism());
}

export interface TestDatabase {
  kind: TestDbKind;
  config: DbConfig;
  /** Removes the database (PostgreSQL) made for this test file. */
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database. Empty, or
 * with `migrated` already at the latest migration, which on PGlite is a copy of one migrated
 * database made once (migratedPgliteTemplate): a fresh embedded database costs seconds of initdb
 * and migrations on a loaded 2-core machine, a copy a fraction of that.
 */
export async function createTestDatabase(
  env: NodeJS.ProcessEnv = process.env,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const kind: TestDbKind = env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const template = options.migrated ? await migratedPgliteTemplate() : undefined;
    return { kind, config: { kind: 'pglite', dataDir: undefined, template }, drop: async () => undefined };
  }

  const adminUrl = env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `coinsight_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    config: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

let template: Promise<string> | undefined;

/**
 * A tarball of an embedded database at the latest migration, in the system's temporary folder,
 * shared by every test process of a run and the runs after it. Its name carries a hash of the
 * compiled migrations and of the PGlite version, so a changed migration (or an upgrade) makes a
 * new one; concurrent makers each write a whole file aside and rename it into place.
 */
export function migratedPgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
    const hash = createHash('sha256');
    // The engine's version: its package.json, beside the dist/ folder its entry point is in.
    hash.update(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))));
    for (const name of readdirSync(folder)
      .filter((f) => /\.[cm]?[jt]s$/.test(f))
      .sort()) {
      hash.update(name).update(readFileSync(path.join(folder, name)));
    }
    const file = path.join(tmpdir(), `coinsight-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return file;
    const handle = await createDb({ kind: 'pglite', dataDir: undefined });
    try {
      await migrateToLatest(handle.db);
      await dumpPglite(handle.db, file);
    } finally {
      await handle.close();
    }
    return file;
  })().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function withAdmin<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}
