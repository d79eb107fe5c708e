import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { GENERIC_PLAN_OPTIONS, preparingClient } from './generic-plans.js';
import { PgliteWorkerClient } from './pglite/client.js';
import { PgliteWorkerDialect } from './pglite/dialect.js';
import type { Database } from './schema/index.js';
import { pgTypes } from './type-parsers.js';

export type DbConfig =
  /**
   * PostgreSQL through `pg`. `queryTimeoutMs` bounds each statement on the server (default 10 s;
   * 0 for none, for migrations, seeding and imports, whose statements may rightly run for minutes).
   * `readTimeoutMs` bounds the client's wait for a statement's answer, what catches a silent link
   * (default queryTimeoutMs + 2 s). `connectTimeoutMs` bounds the wait for a connection: a free
   * one from the pool, or a new one up to ready-for-query (default 5 s). A wait for a free one
   * that runs out while the database answers is a PoolBusyError, reported to `onPoolBusy` too.
   */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      queryTimeoutMs?: number;
      readTimeoutMs?: number;
      connectTimeoutMs?: number;
      onPoolBusy?: (error: PoolBusyError) => void;
      /** Every statement on generic plans, prepared once per connection (generic-plans.ts). */
      genericPlans?: boolean;
    }
  /**
   * PGlite in `dataDir` (created when missing), or in memory when dataDir is undefined. A new
   * database (in memory, or a folder holding none yet) starts as a copy of `template` when given
   * (a tarball from `dumpPglite`); an existing folder is opened as it is.
   */
  | { kind: 'pglite'; dataDir: string | undefined; template?: string | undefined };

export type Db = Kysely<Database>;

/** A PostgreSQL pool's connections now (the metrics' gauges); the embedded database has none. */
export interface PoolStats {
  size: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface DbHandle {
  db: Db;
  kind: DbConfig['kind'];
  poolStats(): PoolStats | undefined;
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
  poolStats?: () => PoolStats;
}

/** Opens the database and checks that it answers; throws a readable DatabaseUnavailableError if not. */
export async function createDb(config: DbConfig): Promise<DbHandle> {
  const opened = config.kind === 'postgres' ? openPostgres(config) : await openPglite(config.dataDir, config.template);
  try {
    await opened.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw new DatabaseUnavailableError(describe(config), error);
  }
  let closed: Promise<void> | undefined;
  return {
    db: opened.db,
    kind: config.kind,
    close: () => (closed ??= opened.close()),
    poolStats: () => opened.poolStats?.(),
  };
}

export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

// Kysely hides its driver's client, and COPY needs one (pg-copy-streams speaks through it).
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The node-postgres pool behind a PostgreSQL handle's `db`; undefined for PGlite. For COPY (ingest/copy-batch.ts). */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

const clients = new WeakMap<Kysely<Database>, PgliteWorkerClient>();

/**
 * For an embedded database dumped as a template whose copies hold little data (the tests'
 * migrated database, the api's test dataset), unlike an embedded install: 32 MB of shared buffers
 * rather than PostgreSQL's 128 MB, which every start allocates and clears in the engine's memory,
 * about a quarter of a test database's start; their data fits in far less.
 */
export const SMALL_PGLITE_SETTINGS = `alter system set shared_buffers = '32MB'`;

/**
 * Writes an embedded database's data directory to `file`, for `{ kind: 'pglite', template: file }`
 * to start from: the tests' migrated database, made once instead of by every test file, and the
 * api's test dataset. `gzip` for a file that ships (its WAL segments are mostly zeros: 100 MB
 * uncompressed), at the cost of inflating it on every start.
 */
export async function dumpPglite(db: Kysely<Database>, file: string, { gzip = false }: { gzip?: boolean } = {}): Promise<void> {
  const client = clients.get(db);
  if (!client) throw new Error('dumpPglite needs an embedded (PGlite) database');
  await client.dump(file, gzip);
}

function openPostgres({
  url,
  poolSize = 10,
  queryTimeoutMs = DEFAULT_QUERY_TIMEOUT_MS,
  readTimeoutMs = queryTimeoutMs + 2_000,
  connectTimeoutMs = 5_000,
  onPoolBusy,
  genericPlans = false,
}: Extract<DbConfig, { kind: 'postgres' }>): Opened {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    // Fail fast instead of queueing requests behind a database that is not there.
    connectionTimeoutMillis: connectTimeoutMs,
    // A link that goes silent (a partition, a stalled proxy) answers nothing and closes nothing:
    // without a client-side read timeout a query on an open connection waits for the whole
    // outage. The server's statement_timeout fires first for a query that is merely slow;
    // keepalive lets the kernel notice a peer that is gone for good.
    ...(queryTimeoutMs > 0 ? { statement_timeout: queryTimeoutMs, query_timeout: readTimeoutMs } : {}),
    // JIT compiles a plan whose estimated cost passes a threshold: 30-60 ms of compiling for
    // queries that run in a few milliseconds (an analytics read over a million posts). Not for
    // a request path.
    options: genericPlans ? `-c jit=off ${GENERIC_PLAN_OPTIONS}` : '-c jit=off',
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // When the server last answered anything on this pool: every statement's answer, a result or
  // an error, ends with ReadyForQuery (so does a new connection's start-up).
  let answeredAt = Number.NEGATIVE_INFINITY;
  const answered = () => {
    answeredAt = performance.now();
  };
  pool.on('connect', (client) => {
    const connection: unknown = Reflect.get(client, 'connection');
    if (connection instanceof EventEmitter) connection.on('readyForQuery', answered);
  });
  const connect = async () => {
    const waitingSince = performance.now();
    try {
      const client = await pool.connect();
      return genericPlans ? preparingClient(client) : client;
    } catch (error) {
      // pg-pool says "timeout exceeded when trying to connect" when no client came free within
      // the wait: every one was held. Held by statements of a busy database, or by statements
      // sent into a silent link: the counts (all clients out, others waiting) are the same. What
      // differs is whether the server answered anything meanwhile: a database that answers is
      // busy, not unreachable. A silent one answers nothing, and its errors stay what they were.
      if (error instanceof Error && POOL_WAIT_TIMEOUT.test(error.message) && answeredAt >= waitingSince) {
        const busy = new PoolBusyError(connectTimeoutMs, pool.totalCount, pool.waitingCount);
        onPoolBusy?.(busy);
        throw busy;
      }
      throw error;
    }
  };
  // Kysely 0.29 reads the pool's options to open a side connection that cancels an aborted query.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end(), options: pool.options } }) });
  pools.set(db, pool);
  return {
    db,
    close: () => db.destroy(),
    poolStats: () => ({ size: pool.options.max ?? 0, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** pg-pool's message when a wait for a pooled client runs out (a new client's timeout says "Connection terminated"). */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect$/;

/**
 * No pooled connection came free within the pool's wait while the database kept answering: the
 * instance is past what its pool serves, not cut off from the database (that stays pg's own
 * error). The request is refused as busy, to be retried a moment later.
 */
export class PoolBusyError extends Error {
  constructor(
    readonly waitedMs: number,
    readonly connections: number,
    readonly stillWaiting: number,
  ) {
    super(`No database connection came free within ${waitedMs} ms (${connections} in use, ${stillWaiting} more waiting).`);
    this.name = 'PoolBusyError';
  }
}

async function openPglite(dataDir: string | undefined, template?: string): Promise<Opened> {
  const where = describe({ kind: 'pglite', dataDir });
  const unlock = dataDir ? await lockDataDir(dataDir, where) : async () => undefined;
  try {
    const isNew = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
    const client = await PgliteWorkerClient.start(dataDir, isNew ? template : undefined);
    const db = new Kysely<Database>({ dialect: new PgliteWorkerDialect(client) });
    clients.set(db, client);
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

/** Folders this process holds the lock of: its own pid in an owner file does not make a lock stale. */
const heldByThisProcess = new Set<string>();

/**
 * Two processes writing one PGlite folder corrupt it: the second one is refused instead. The
 * holder's pid and host sit beside the lock, so a lock left by a process that died (kill -9, a
 * crash, a power cut) is taken over at once instead of after proper-lockfile's 15 s staleness.
 */
async function lockDataDir(dataDir: string, where: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const ownerFile = `${dataDir}.lock-owner`;
  const take = () =>
    lockfile.lock(dataDir, {
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => console.warn(`Lost the lock on ${where}: ${error.message}`),
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (!ownerIsGone(ownerFile, dataDir)) {
      throw new DatabaseUnavailableError(
        where,
        new Error('another Coinsight process is using it (stop that one first, or set DATA_DIR to another folder)'),
      );
    }
    // The lock is a directory (proper-lockfile); rmdir fails rather than remove anything else.
    rmdirSync(`${dataDir}.lock`);
    release = await take();
  }
  heldByThisProcess.add(dataDir);
  writeFileSync(ownerFile, `${process.pid}\n${hostname()}\n`);
  return async () => {
    heldByThisProcess.delete(dataDir);
    rmSync(ownerFile, { force: true });
    await release().catch(() => undefined);
  };
}

/** True when the lock's recorded owner ran on this host and no longer runs. Unknown owner: not gone. */
function ownerIsGone(ownerFile: string, dataDir: string): boolean {
  let pid: number;
  let host: string | undefined;
  try {
    const [pidLine, hostLine] = readFileSync(ownerFile, 'utf8').split('\n');
    pid = Number(pidLine);
    host = hostLine;
  } catch {
    return false;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || host !== hostname()) return false;
  // In a container a restarted server often gets the dead one's pid (1): our own pid is stale
  // unless this process really holds the lock.
  if (pid === process.pid) return !heldByThisProcess.has(dataDir);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
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
