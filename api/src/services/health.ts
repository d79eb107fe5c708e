import type { Health } from '@coinsight/contracts';
import { sql } from 'kysely';
import { VERSION } from '../version.js';
import type { ServiceDeps } from './deps.js';

const DB_CHECK_TIMEOUT_MS = 2_000;

/** Asks the database for a trivial answer, bounded in time, and reports what it saw. */
export async function checkHealth({ db }: Pick<ServiceDeps, 'db'>): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), DB_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return { status: 'ok', db: 'up', version: VERSION };
  } catch {
    return { status: 'degraded', db: 'down', version: VERSION };
  } finally {
    clearTimeout(timer);
  }
}
