import { parseInternalNetworks } from '../internal-networks.js';
import { Writable } from 'node:stream';
import { createDb, type Db, type DbConfig } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { DbPools } from '../plugins/db.js';
import { NO_SHEDDING } from '../plugins/overload.js';
import type { MailRate } from '../services/mail/mailer.js';

/**
 * The Redis call bound (BuildOptions.redisCommandTimeoutMs) of the test apps that count on Redis's
 * shared counters. Past the product's 500 ms the per-instance counters answer, starting again from
 * the limit: on a loaded CI machine one call did, mid-count. The outage tests keep the product's bound.
 */
export const REDIS_COUNTING_TIMEOUT_MS = 10_000;

export interface TestApp {
  app: FastifyInstance;
  /**
   * The app's database for the test's own setup: seeding thousands of posts, rebuilding the rollups.
   * On PostgreSQL a pool of its own without the requests' statement bound (REQUEST_STATEMENT_TIMEOUT_MS),
   * which a loaded machine passes while writing them, as the app seeds its demo data on a connection
   * without it; on PGlite (one connection, no bound) the app's own.
   */
  setupDb: Db;
  /** Every log line the app wrote, as text, for assertions about what reaches the log. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database (PGlite, or PostgreSQL when TEST_DB=postgres). Built with the
 * app (tsconfig.build.json) so the benchmarks (bench/*-overhead.mjs) make their app with it too.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: {
    /** Reaches the fresh database another way, e.g. through a fault-injecting proxy. */
    dbVia?: (config: DbConfig) => DbConfig;
    /** Another instance on a database made for an earlier one (two instances, one database); the caller drops it. */
    shared?: TestDatabase;
    /** The global sending rate's gate, held by the test (see BuildOptions.mailRate). */
    mailRate?: MailRate;
    /** Tiny pools, to make a pool's wait run out (see BuildOptions.dbPools). */
    dbPools?: Partial<DbPools>;
    /** See BuildOptions.redisCommandTimeoutMs. */
    redisCommandTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  // Migrated already (on PGlite a copy of one migrated database): the app's own migration at
  // start then finds nothing to do, and each test file saves seconds.
  const database = options.shared ?? (await createTestDatabase(process.env, { migrated: true }));
  const logs: string[] = [];
  const app = await buildApp(
    {
      db: options.dbVia ? options.dbVia(database.config) : database.config,
      readReplicaUrl: undefined,
      genericPlans: true,
      socialColumns: true,
      jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
      publicUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      webRoot: undefined,
      downloadsRoot: undefined,
      mailFrom: 'Coinsight <no-reply@localhost>',
      contactEmail: undefined,
      smtpUrl: undefined,
      // Tests run the sweeps themselves, at the moments they choose.
      contactMailSweepMs: 0,
      mailQueueSweepMs: 0,
      // High enough that no test's mail is queued unless it sets a rate of its own (mail-limits.int.test.ts).
      mailRatePerSecond: 10_000,
      printMail: false,
      redisUrl: undefined,
      market: { feed: 'simulated', tickSeconds: 10, seed: 1, coingecko: undefined },
      webhooks: { allowPrivate: false },
      // Tests start the job runner themselves when they need it.
      jobs: false,
      requestLog: true,
      seedDemoData: false,
      logLevel: 'info',
      requestLogLevel: 'info',
      // Off: a loaded test machine must not shed the tests' requests (overload.int.test.ts turns it on).
      overload: NO_SHEDDING,
      prettyLogs: false,
      // Far above what any test signs up in a minute; the sign-up velocity test sets its own.
      signupsPerMinute: 100_000,
      // No Stripe unless a test brings its fake (test/fake-stripe.ts).
      stripe: undefined,
      trustProxy: false,
      internalNetworks: parseInternalNetworks(undefined) ?? [],
      ...overrides,
      tasks: { allowPrivateUrls: false, x: undefined, ...overrides.tasks },
    },
    {
      mailRate: options.mailRate,
      dbPools: options.dbPools,
      redisCommandTimeoutMs: options.redisCommandTimeoutMs,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    },
  );
  const setup = database.config.kind === 'postgres' ? await createDb({ ...database.config, poolSize: 2, queryTimeoutMs: 0 }) : undefined;
  return {
    app,
    setupDb: setup?.db ?? app.db,
    logs,
    close: async () => {
      await setup?.close();
      await app.close();
      if (!options.shared) await database.drop();
    },
  };
}
