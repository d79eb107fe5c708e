import { createDb, migrateToLatest, seedDemoData, type Db, type DbConfig } from '@coinsight/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * The social reads' pool (lists, search, analytics): statements cut at READ_STATEMENT_TIMEOUT_MS
     * and a free connection awaited at most READ_CONNECT_TIMEOUT_MS, so past capacity a read
     * fails fast with a 503 instead of queueing for seconds. The embedded database has one
     * connection and no statement timeout: there it is `db` itself.
     */
    readDb: Db;
  }
}

/** A social read slower than this is cancelled by PostgreSQL (57014: answered 503 + Retry-After). */
export const READ_STATEMENT_TIMEOUT_MS = 2_000;
/** How long a social read waits for a free connection of its pool before a 503. */
export const READ_CONNECT_TIMEOUT_MS = 1_000;
/** Connections per pool and instance (PostgreSQL): requests' pool plus the social reads' pool. */
export const POOL_SIZE = 10;

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
    const handle = await createDb(config.kind === 'postgres' ? { poolSize: POOL_SIZE, ...config } : config);
    app.addHook('onClose', () => handle.close());
    const reads =
      config.kind === 'postgres'
        ? await createDb({
            poolSize: POOL_SIZE,
            ...config,
            queryTimeoutMs: READ_STATEMENT_TIMEOUT_MS,
            connectTimeoutMs: READ_CONNECT_TIMEOUT_MS,
          }).catch(async (error: unknown) => {
            await handle.close();
            throw error;
          })
        : handle;
    if (reads !== handle) app.addHook('onClose', () => reads.close());
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
      await reads.close();
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('readDb', reads.db);
  },
  { name: 'db' },
);
