import { createDb, migrateToLatest, seedDemoData, type Db, type DbConfig } from '@coinsight/db';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The longest a request waits for a database that has gone silent (docs/security.md §22: a 503 within
 * 5 s on every surface). A request's wait is one connection wait plus one statement's read: the
 * first statement that gets no answer fails the request with a 503. Either pool: 2 s + 3 s. The
 * server cancels a merely slow statement first (57014).
 */
export const REQUEST_DB_BUDGET_MS = 5_000;
/**
 * A request's wait for a connection of the requests' pool: a free one, or a new one ready for
 * queries. As long as the budget allows (2 s + the 3 s read), so that a burst queues instead of
 * being refused: a wait that runs out while the database answers is a busy 503 (PoolBusyError).
 */
export const REQUEST_CONNECT_TIMEOUT_MS = 2_000;
/** PostgreSQL cancels a request's statement after this (statement_timeout). */
export const REQUEST_STATEMENT_TIMEOUT_MS = 2_500;
/** The client gives up on an answer after this: a link that went silent (pg's query_timeout). */
export const REQUEST_READ_TIMEOUT_MS = 3_000;

/** A social read slower than this is cancelled by PostgreSQL (57014: answered 503 + Retry-After). */
export const READ_STATEMENT_TIMEOUT_MS = 2_000;
/**
 * How long a social read waits for a free connection of its pool before a 503: the rest of the
 * budget after the 3 s read. Not shorter than READ_STATEMENT_TIMEOUT_MS: a database that answers
 * frees (or cancels) every statement of a full pool within that, so a wait that sees no answer
 * at all means a silent database (reported unreachable), one that sees answers a busy pool.
 */
export const READ_CONNECT_TIMEOUT_MS = 2_000;
/**
 * Connections per pool and instance (PostgreSQL), requests' and social reads' alike: PostgreSQL's
 * default max_connections (100) then holds four instances at 25 each (docs/performance.md,
 * "Timeouts and pools", for the reasons and the bench's figures).
 */
export const POOL_SIZE = 10;
/**
 * The fixed-plan reads' pool (PostgreSQL), as large as the reads': with five, the realistic list
 * reached 110% of the plain statement's rate with a p99 twice its own; with ten, 235% and a p99
 * below it (one run each, side by side; docs/performance.md, "Generic plans"). The connections
 * wait on the server's turn, not only on the database's cores.
 */
export const GENERIC_POOL_SIZE = 10;
/** The scheduled work's pool (PostgreSQL): two task workers, the tick and its alert check, webhooks. */
export const JOBS_POOL_SIZE = 4;

/** What a test may change: a tiny pool makes a pool wait run out on demand (pool-busy.int.test.ts). */
export interface DbPools {
  requestPoolSize: number;
  readPoolSize: number;
}

/**
 * Pool waits that ran out while the database answered, logged in aggregate: one warning at once,
 * then at most one a second with the count since, as the load shedder does. A line per refused
 * request would add the cost of logging to an instance that is already past capacity.
 */
function poolBusyTally(log: FastifyBaseLogger, pool: string) {
  let count = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (count === 0) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    log.warn({ event: 'db.pool_busy', pool, waits: count }, 'requests refused as busy: no database connection came free in time');
    count = 0;
  };
  return {
    count: () => {
      count += 1;
      if (timer) return;
      flush();
      timer = setInterval(flush, 1_000);
      timer.unref();
    },
    close: () => {
      flush();
      clearInterval(timer);
    },
  };
}

/** Opens the database, brings the schema up to date, seeds demo data when asked, closes on shutdown. */
export const dbPlugin = fp<{
  config: DbConfig;
  /** READ_DATABASE_URL: the social reads' pool connects to this replica instead (PostgreSQL only). */
  readReplicaUrl?: string | undefined;
  /** The fixed-plan social reads on a pool of generic plans (packages/db generic-plans.ts); else on the reads' pool. */
  genericPlans?: boolean;
  seedDemoData: boolean;
  pools?: Partial<DbPools> | undefined;
}>(
  async (app, { config, readReplicaUrl, genericPlans = true, seedDemoData: seed, pools }) => {
    const prepare = async (db: Db) => {
      for (const result of await migrateToLatest(db)) {
        app.log.info({ migration: result.migrationName, status: result.status }, 'migration applied');
      }
      if (seed) {
        const report = await seedDemoData(db);
        if (report.assets > 0) app.log.info(report, 'demo data seeded');
      }
    };
    const tallies = {
      requests: poolBusyTally(app.log, 'requests'),
      reads: poolBusyTally(app.log, 'reads'),
      jobs: poolBusyTally(app.log, 'jobs'),
    };
    app.addHook('onClose', async () => {
      for (const tally of Object.values(tallies)) tally.close();
    });
    const handle = await createDb(
      config.kind === 'postgres'
        ? {
            poolSize: POOL_SIZE,
            queryTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
            readTimeoutMs: REQUEST_READ_TIMEOUT_MS,
            connectTimeoutMs: REQUEST_CONNECT_TIMEOUT_MS,
            ...config,
            ...(pools?.requestPoolSize ? { poolSize: pools.requestPoolSize } : {}),
            onPoolBusy: tallies.requests.count,
          }
        : config,
    );
    app.addHook('onClose', () => handle.close());
    const opened = [handle];
    const open = async (extra: Partial<Extract<DbConfig, { kind: 'postgres' }>>) => {
      if (config.kind !== 'postgres') return handle;
      try {
        const more = await createDb({ poolSize: POOL_SIZE, ...config, ...extra });
        opened.push(more);
        app.addHook('onClose', () => more.close());
        return more;
      } catch (error) {
        for (const other of opened) await other.close();
        throw error;
      }
    };
    // The hot read-only queries (social lists, search, analytics) may go to a replica: they read
    // shared data another instance wrote, so a replica's lag of a moment is what the read cache's
    // 2 s already allows. Nothing that writes, or reads its own writes, uses this pool.
    const readPool = {
      ...(readReplicaUrl ? { url: readReplicaUrl } : {}),
      ...(pools?.readPoolSize ? { poolSize: pools.readPoolSize } : {}),
      onPoolBusy: tallies.reads.count,
      queryTimeoutMs: READ_STATEMENT_TIMEOUT_MS,
      readTimeoutMs: REQUEST_READ_TIMEOUT_MS,
      connectTimeoutMs: READ_CONNECT_TIMEOUT_MS,
    };
    const reads = await open(readPool);
    // The same reads whose statements fix their plans (a page walked off an index, rows probed by
    // key): planned once per connection instead of on every call (docs/performance.md, "Generic plans").
    const generic = genericPlans
      ? await open({ ...readPool, poolSize: pools?.readPoolSize ?? GENERIC_POOL_SIZE, genericPlans: true })
      : reads;
    // createDb's defaults: 10 s statements, 12 s reads, 5 s connection wait.
    const jobs = await open({ poolSize: JOBS_POOL_SIZE, onPoolBusy: tallies.jobs.count });
    try {
      if (config.kind === 'postgres') {
        // Requests' statements are bounded in time (a silent link must not hang them); a
        // migration may rightly run for minutes, so it gets a connection without the bound.
        const untimed = await createDb({ ...config, poolSize: 1, queryTimeoutMs: 0 });
        try {
          await prepare(untimed.db);
        } finally {
          await untimed.close();
        }
      } else {
        await prepare(handle.db);
      }
    } catch (error) {
      for (const other of opened) await other.close();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('readDb', reads.db);
    app.decorate('genericDb', generic.db);
    app.decorate('jobsDb', jobs.db);
    app.decorate('poolStats', () => ({
      requests: handle.poolStats(),
      reads: reads.poolStats(),
      generic: generic !== reads ? generic.poolStats() : undefined,
      jobs: jobs.poolStats(),
    }));
  },
  { name: 'db' },
);
