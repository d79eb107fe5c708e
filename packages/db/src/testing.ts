import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, dumpPglite, SMALL_PGLITE_SETTINGS, type DbConfig } from './create-db.js';
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
 * with `migrated` already at the latest migration, a copy of one migrated database made once: on
 * PGlite a tarball (migratedPgliteTemplate), on PostgreSQL a template database
 * (migratedPostgresTemplate). A fresh embedded database costs seconds of initdb and migrations on
 * a loaded 2-core machine, a copy a fraction of that; on PostgreSQL the migrations took 0.4-0.6 s
 * of the server's time per test app, the copy about a tenth of it.
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
  const from = options.migrated ? ` template ${await migratedPostgresTemplate(adminUrl)}` : '';
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}${from}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    config: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

let template: Promise<string> | undefined;
let postgresTemplate: Promise<string> | undefined;

/** A hash of the compiled migrations and of the PGlite version: what a migrated template depends on. */
function migrationsHash(): string {
  const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
  const hash = createHash('sha256');
  // The engine's version: its package.json, beside the dist/ folder its entry point is in.
  hash.update(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))));
  for (const name of readdirSync(folder)
    .filter((f) => /\.[cm]?[jt]s$/.test(f))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database at the latest migration on `adminUrl`'s server, named by migrationsHash(), to copy
 * with `create database … template`: shared by every test process of a run and the runs after
 * it. A maker migrates a database of its own name and renames it into place; a concurrent maker
 * that finds the name taken drops its own. Templates of other migrations are dropped on the way.
 */
export function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `coinsight_template_${migrationsHash()}`;
    const exists = (client: pg.Client) =>
      client.query('select 1 from pg_database where datname = $1', [name]).then((result) => (result.rowCount ?? 0) > 0);
    if (await withAdmin(adminUrl, exists)) return name;
    const making = `${name}_${randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (client) => client.query(`create database ${making}`));
    const url = new URL(adminUrl);
    url.pathname = `/${making}`;
    const handle = await createDb({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    await withAdmin(adminUrl, async (client) => {
      try {
        await client.query(`alter database ${making} rename to ${name}`);
      } catch (error) {
        await client.query(`drop database if exists ${making}`);
        if (!(await exists(client))) throw error;
      }
      const stale = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like 'coinsight\\_template\\_%' and datname <> $1 and datname !~ '_[0-9a-f]{8}$'",
        [name],
      );
      // Another run may be copying one of them this moment: it keeps its template.
      for (const { datname } of stale.rows) await client.query(`drop database if exists ${datname}`).catch(() => undefined);
    });
    return name;
  })().catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  });
  return postgresTemplate;
}

/**
 * A tarball of an embedded database at the latest migration, in the system's temporary folder,
 * shared by every test process of a run and the runs after it. Its name carries a hash of the
 * compiled migrations and of the PGlite version, so a changed migration (or an upgrade) makes a
 * new one; concurrent makers each write a whole file aside and rename it into place.
 */
export function migratedPgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const settings = createHash('sha256').update(SMALL_PGLITE_SETTINGS).digest('hex').slice(0, 8);
    const file = path.join(tmpdir(), `coinsight-pglite-migrated-${migrationsHash()}-${settings}.tar`);
    if (existsSync(file)) return file;
    const handle = await createDb({ kind: 'pglite', dataDir: undefined });
    try {
      await migrateToLatest(handle.db);
      await sql.raw(SMALL_PGLITE_SETTINGS).execute(handle.db);
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
