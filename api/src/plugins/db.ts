import { createDb, migrateToLatest, seedDemoData, type Db, type DbConfig } from '@coinsight/db';
import fp from 'fastify-plugin';

/**
 * The longest a request waits for a database that has gone silent (checklist 22: a 503 within
 * 5 s on every surface). A request's wait is one connection wait plus one statement's read: the
 * first statement that gets no answer fails the request with a 503. Requests' pool: 1.5 s + 3 s;
 * social reads' pool: 1 s + 3 s. The server cancels a merely slow statement first (57014).
 */
export const REQUEST_DB_BUDGET_MS = 5_000;
/** A request's wait for a connection of the requests' pool: a free one, or a new one ready for queries. */
export const REQUEST_CONNECT_TIMEOUT_MS = 1_500;
/** PostgreSQL cancels a request's statement after this (statement_timeout). */
export const REQUEST_STATEMENT_TIMEOUT_MS = 2_500;
/** The client gives up on an answer after this: a link that went silent (pg's query_timeout). */
export const REQUEST_READ_TIMEOUT_MS = 3_000;

/** A social read slower than this is cancelled by PostgreSQL (57014: answered 503 + Retry-After). */
export const READ_STATEMENT_TIMEOUT_MS = 2_000;
/** How long a social read waits for a free connection of its pool before a 503. */
export const READ_CONNECT_TIMEOUT_MS = 1_000;
/** Connections per pool and instance (PostgreSQL): requests' pool plus the social reads' pool. */
export const POOL_SIZE = 10;
/** The scheduled work's pool (PostgreSQL): two task workers, the tick and its alert check, webhooks. */
export const JOBS_POOL_SIZE = 4;

/** Opens the database, brings the schema up to date, seeds demo data when asked, closes on shutdown. */
export const dbPlugin = fp<{ config: DbConfig; seedDemoData: boolean }>(
  async (app, { config, seedDemoData: seed }) => {
    const prepare = async (db: Db) => {
      for (const result of await migrateToLatest(db)) {
        app.log.info({ migration: result.migrationName, status: result.status }, 'migration applied');
      }
      if (seed) {
        const report = await seedDemoData(db);
        if (report.assets > 0) app.log.info(report, 'demo data seeded');
      }
    };
    const handle = await createDb(
      config.kind === 'postgres'
        ? {
            poolSize: POOL_SIZE,
            queryTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
            readTimeoutMs: REQUEST_READ_TIMEOUT_MS,
            connectTimeoutMs: REQUEST_CONNECT_TIMEOUT_MS,
            ...config,
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
    const reads = await open({
      queryTimeoutMs: READ_STATEMENT_TIMEOUT_MS,
      readTimeoutMs: REQUEST_READ_TIMEOUT_MS,
      connectTimeoutMs: READ_CONNECT_TIMEOUT_MS,
    });
    // createDb's defaults: 10 s statements, 12 s reads, 5 s connection wait.
    const jobs = await open({ poolSize: JOBS_POOL_SIZE });
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
    app.decorate('jobsDb', jobs.db);
  },
  { name: 'db' },
);
