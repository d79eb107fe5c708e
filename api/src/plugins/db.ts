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
    const handle = await createDb(config);
    app.addHook('onClose', () => handle.close());
    try {
      for (const result of await migrateToLatest(handle.db)) {
        app.log.info({ migration: result.migrationName, status: result.status }, 'migration applied');
      }
      if (seed) {
        const report = await seedDemoData(handle.db);
        if (report.assets > 0) app.log.info(report, 'demo data seeded');
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
  },
  { name: 'db' },
);
