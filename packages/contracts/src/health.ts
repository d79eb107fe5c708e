import { z } from 'zod';

/**
 * What `GET /api/health` and the `health` tRPC query answer. `redis` is present when REDIS_URL is
 * set; Redis down makes the status `degraded` but the instance still serves (per-instance limits).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']).optional(),
  version: z.string(),
});

export type Health = z.infer<typeof healthSchema>;

/**
 * What `GET /readyz` answers: 200 `ready` when this instance should get traffic (the database and
 * Redis and the read replica, when configured, answer and every migration this code knows has run), else 503 with the
 * reason; `draining` from SIGTERM until the process closes, so a balancer stops sending first.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  db: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']).optional(),
  /** The read replica (READ_DATABASE_URL), present when one is named: down, the instance is not ready. */
  replica: z.enum(['up', 'down']).optional(),
  /** `pending`: the database is behind this code (a migration has not run yet); `unknown`: not checked (database down). */
  migrations: z.enum(['current', 'pending', 'unknown']),
  version: z.string(),
});

export type Readiness = z.infer<typeof readinessSchema>;

/**
 * The 503 an instance answers past its capacity, on REST, tRPC and /v1 alike, with
 * `Retry-After: SERVICE_BUSY_RETRY_AFTER_SECONDS`: its event loop is behind (load shedding), or
 * no database connection came free within the pool's wait. Either way the service is up, only
 * busy: a retry a moment later is what helps.
 */
export const SERVICE_BUSY_MESSAGE = 'The service is busy. Please retry in a moment.';
export const SERVICE_BUSY_RETRY_AFTER_SECONDS = 2;
