import type { Health, Readiness } from '@coinsight/contracts';
import { pendingMigrations } from '@coinsight/db';
import { sql } from 'kysely';
import { VERSION } from '../version.js';
import type { NoInput } from './caller.js';
import type { ServiceDeps } from './deps.js';

const CHECK_TIMEOUT_MS = 2_000;

/** Whether `check` answers within the bound: a silent dependency must not hang the health check. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Asks the database (and Redis, when configured) for a trivial answer, bounded in time. */
export async function checkHealth(deps: Pick<ServiceDeps, 'db' | 'redis'>, _input: NoInput): Promise<Health> {
  const { db, redis } = deps;
  const [dbUp, redisUp] = await Promise.all([answers(() => sql`select 1`.execute(db)), redis ? answers(() => redis.ping()) : undefined]);
  return {
    status: dbUp && redisUp !== false ? 'ok' : 'degraded',
    db: dbUp ? 'up' : 'down',
    ...(redisUp === undefined ? {} : { redis: redisUp ? 'up' : 'down' }),
    version: VERSION,
  };
}

/**
 * Whether this instance should get traffic (GET /readyz): the database, Redis and the read replica
 * (each when configured) answer and the
 * schema is the one this code expects. Unlike liveness, a failure here means "send elsewhere for
 * now", not "restart me": during a database outage every instance is unready and none restarts.
 */
export async function checkReadiness(
  deps: Pick<ServiceDeps, 'db' | 'readDb' | 'redis'>,
  input: { draining: boolean; replica: boolean },
): Promise<Readiness> {
  const { db, readDb, redis } = deps;
  let pending: string[] | undefined;
  const [dbUp, redisUp, replicaUp] = await Promise.all([
    answers(async () => {
      pending = await pendingMigrations(db);
    }),
    redis ? answers(() => redis.ping()) : undefined,
    input.replica ? answers(() => sql`select 1`.execute(readDb)) : undefined,
  ]);
  const migrations = pending === undefined ? 'unknown' : pending.length > 0 ? 'pending' : 'current';
  const ready = dbUp && redisUp !== false && replicaUp !== false && migrations === 'current';
  return {
    status: input.draining ? 'draining' : ready ? 'ready' : 'not_ready',
    db: dbUp ? 'up' : 'down',
    ...(redisUp === undefined ? {} : { redis: redisUp ? 'up' : 'down' }),
    ...(replicaUp === undefined ? {} : { replica: replicaUp ? 'up' : 'down' }),
    migrations,
    version: VERSION,
  };
}
