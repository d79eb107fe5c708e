import { REQUEST_LOG_RETENTION_DAYS } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';

const DAY_MS = 86_400_000;
/** Rows deleted a statement: short statements, so the sweep never holds many locks for long. */
const DELETE_BATCH = 10_000;

/**
 * The request log's retention (daily job, jobs/metering.ts): deletes the calls older than 30 days,
 * every account, in batches found through the BRIN index on `at`. Answers how many went.
 */
export async function applyRequestLogRetention(deps: Pick<ServiceDeps, 'db' | 'now'>, _input: NoInput): Promise<{ deleted: number }> {
  const cutoff = new Date(deps.now().getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from api_request_logs
      where id in (select id from api_request_logs where at < ${cutoff} limit ${DELETE_BATCH})`.execute(deps.db);
    const count = Number(result.numAffectedRows ?? 0n);
    deleted += count;
    if (count < DELETE_BATCH) return { deleted };
  }
}
