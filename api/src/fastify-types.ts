import type { Db, PoolStats } from '@coinsight/db';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Authenticated } from './services/auth/authenticated.js';
import type { ServiceDeps } from './services/deps.js';
import type { RequestLogWriter } from './services/request-log/writer.js';
import type { Mailer } from './services/mail/mailer.js';
import type { Metrics } from './services/metrics.js';
import type { RateLimits } from './services/rate-limit.js';

// What the app's plugins add to Fastify, declared in one place that imports only types and is
// imported by nothing it imports: a file that needs `app.deps` or `req.auth` typed (trpc/context.ts,
// which web type-checks alone through the router) imports this file, never app.ts, so no import
// circle runs through the app. The /v1 request fields are still declared in v1/types.ts.
declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed environment (config.ts), decorated by buildApp. */
    config: AppConfig;
    /** plugins/db.ts */
    db: Db;
    /**
     * The social reads' pool (lists, search, analytics): statements cut at READ_STATEMENT_TIMEOUT_MS
     * and a free connection awaited at most READ_CONNECT_TIMEOUT_MS, so past capacity a read is
     * refused as busy (503 + Retry-After) within the budget instead of queueing without end. The
     * embedded database has one connection and no statement timeout: there it is `db` itself.
     */
    readDb: Db;
    /** The reads' pool on generic plans (ServiceDeps.genericDb); `readDb` when there is none. */
    genericDb: Db;
    /**
     * Scheduled work's pool (task runs, market ticks, alert checks, webhooks, pg-boss): the longer
     * bounds a batch job may rightly need, kept off the requests' pool so that a request never
     * waits past REQUEST_DB_BUDGET_MS. The embedded database: `db` itself.
     */
    jobsDb: Db;
    /** The pools' connections now (plugins/metrics.ts); undefined each on the embedded database, `generic` without its pool. */
    poolStats(): Record<'requests' | 'reads' | 'generic' | 'jobs', PoolStats | undefined>;
    /** plugins/metrics.ts */
    metrics: Metrics;
    /** plugins/limits.ts */
    limits: RateLimits;
    /** The counters' Redis client, for the health check; undefined without REDIS_URL. */
    redis: Redis | undefined;
    /** plugins/mailer.ts */
    mailer: Mailer;
    /** Set by server.ts on SIGTERM: /readyz answers 503 `draining` until the process closes. */
    lifecycle: { draining: boolean };
    /**
     * Whether a request comes from INTERNAL_NETWORKS (internal-networks.ts): only such a request
     * reads /metrics and the detail of /readyz.
     */
    fromInternalNetwork(request: FastifyRequest): boolean;
    /** What every service function takes first; tRPC procedures see it as `ctx.deps` (plugins/services.ts). */
    deps: ServiceDeps;
    /** /v1 calls written in batches to the request log (plugins/request-log.ts). */
    requestLog: RequestLogWriter;
  }

  interface FastifyRequest {
    /** Set by the requireUser preHandler (plugins/auth.ts). */
    auth: Authenticated | null;
  }

  interface FastifyContextConfig {
    /**
     * true: the route's handler checks its own raw input for control characters, in its own error
     * shape (tRPC: the procedure middleware in trpc/trpc.ts, which sees the parsed procedure input).
     * See plugins/input.ts.
     */
    checksOwnInput?: boolean;
  }
}
