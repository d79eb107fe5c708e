import { Writable } from 'node:stream';
import type { DbConfig } from '@coinsight/db';
import { createTestDatabase } from '@coinsight/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, as text, for assertions about what reaches the log. */
  logs: string[];
  close(): Promise<void>;
}

/** The whole app on a fresh database (PGlite, or PostgreSQL when TEST_DB=postgres). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: {
    /** Reaches the fresh database another way, e.g. through a fault-injecting proxy. */
    dbVia?: (config: DbConfig) => DbConfig;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const app = await buildApp(
    {
      db: options.dbVia ? options.dbVia(database.config) : database.config,
      jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
      publicUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      webRoot: undefined,
      mailFrom: 'Coinsight <no-reply@localhost>',
      contactEmail: undefined,
      smtpUrl: undefined,
      // Tests run the sweep themselves, at the moments they choose.
      contactMailSweepMs: 0,
      printMail: false,
      redisUrl: undefined,
      market: { feed: 'simulated', tickSeconds: 10, seed: 1, coingecko: undefined },
      // Tests start the job runner themselves when they need it.
      jobs: false,
      seedDemoData: false,
      logLevel: 'info',
      prettyLogs: false,
      ...overrides,
    },
    {
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    },
  );
  return {
    app,
    logs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
