import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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

/** Opens the database and checks that it answers; throws a readable DatabaseUnavailableError if not. */
export async function createDb(config: DbConfig): Promise<DbHandle> {
  const db = config.kind === 'postgres' ? openPostgres(config.url, config.poolSize) : await openPglite(config.dataDir);
  try {
    await db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseUnavailableError(describe(config), error);
  }
  let closed: Promise<void> | undefined;
  return { db, kind: config.kind, close: () => (closed ??= db.destroy()) };
}

function openPostgres(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    // Fail fast instead of queueing requests behind a database that is not there.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let client: PgliteWorkerClient;
  try {
    client = await PgliteWorkerClient.start(dataDir);
  } catch (error) {
    throw new DatabaseUnavailableError(describe({ kind: 'pglite', dataDir }), error);
  }
  return new Kysely<Database>({ dialect: new PgliteWorkerDialect(client) });
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
    const reason = cause instanceof Error ? (cause.message || (cause as NodeJS.ErrnoException).code || cause.name) : String(cause);
    super(`Could not connect to ${where}: ${reason}.`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
