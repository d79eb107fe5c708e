import { createDb, migrateToLatest, seedDemoData, type Db, type DbConfig } from '@coinsight/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

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
    const handle = await createDb(config);
    app.addHook('onClose', () => handle.close());
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
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
  },
  { name: 'db' },
);
