import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { PgliteWorkerClient } from './pglite/client.js';
import { PgliteWorkerDialect } from './pglite/dialect.js';
import type { Database } from './schema/index.js';
import { pgTypes } from './type-parsers.js';

export type DbConfig =
  /** PostgreSQL through `pg`. */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** PGlite in `dataDir` (created when missing), or in memory when dataDir is undefined. */
  | { kind: 'pglite'; dataDir: string | undefined };

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DbConfig['kind'];
  /** Closes the pool or stops the embedded database; safe to call twice. */
  close(): Promise<void>;
}

/** DATABASE_URL set → PostgreSQL; else PGlite in `<dataDir>/pglite`. */
export function dbConfigFrom(options: { databaseUrl?: string | undefined; dataDir: string }): DbConfig {
  return options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(options.dataDir, 'pglite') };
}

interface Opened {
  db: Db;
  close(): Promise<void>;
}

/** Opens the database and checks that it answers; throws a readable DatabaseUnavailableError if not. */
export async function createDb(config: DbConfig): Promise<DbHandle> {
  const opened = config.kind === 'postgres' ? openPostgres(config.url, config.poolSize) : await openPglite(config.dataDir);
  try {
    await opened.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw new DatabaseUnavailableError(describe(config), error);
  }
  let closed: Promise<void> | undefined;
  return { db: opened.db, kind: config.kind, close: () => (closed ??= opened.close()) };
}

function openPostgres(url: string, poolSize = 10): Opened {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    // Fail fast instead of queueing requests behind a database that is not there.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, close: () => db.destroy() };
}

async function openPglite(dataDir: string | undefined): Promise<Opened> {
  const where = describe({ kind: 'pglite', dataDir });
  const unlock = dataDir ? await lockDataDir(dataDir, where) : async () => undefined;
  try {
    const client = await PgliteWorkerClient.start(dataDir);
    const db = new Kysely<Database>({ dialect: new PgliteWorkerDialect(client) });
    return {
      db,
      close: async () => {
        await db.destroy();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw new DatabaseUnavailableError(where, error);
  }
}

/** Two processes writing one PGlite folder corrupt it: the second one is refused instead. */
async function lockDataDir(dataDir: string, where: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    const release = await lockfile.lock(dataDir, {
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => console.warn(`Lost the lock on ${where}: ${error.message}`),
    });
    return () => release().catch(() => undefined);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new DatabaseUnavailableError(
      where,
      new Error('another Coinsight process is using it (stop that one first, or set DATA_DIR to another folder)'),
    );
  }
}

/** Where the database is, for messages: the URL without its password. */
export function describe(config: DbConfig): string {
  if (config.kind === 'pglite') return config.dataDir ? `the embedded database in ${config.dataDir}` : 'an in-memory embedded database';
  try {
    const url = new URL(config.url);
    if (url.password) url.password = '***';
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a valid URL)';
  }
}

export class DatabaseUnavailableError extends Error {
  constructor(where: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message || (cause as NodeJS.ErrnoException).code || cause.name : String(cause);
    super(`Could not connect to ${where}: ${reason}.`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
