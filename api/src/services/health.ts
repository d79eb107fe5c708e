import type { Health } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { sql } from 'kysely';

const DB_CHECK_TIMEOUT_MS = 2_000;

/** Asks the database for a trivial answer, bounded in time, and reports what it saw. */
export async function checkHealth(db: Db, version: string): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), DB_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return { status: 'ok', db: 'up', version };
  } catch {
    return { status: 'degraded', db: 'down', version };
  } finally {
    clearTimeout(timer);
  }
}
