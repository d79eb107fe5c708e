import { IDEMPOTENCY_WINDOW_MS } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import type { ServiceDeps } from './deps.js';

/** What a POST's work answers: kept as is and replayed for a retry with the same key and body. */
export interface IdempotentOutcome {
  status: number;
  body: object;
}

/** The work ran (its outcome), or an earlier call with this key ran it (what was stored, and for which request). */
export type IdempotentRun =
  { replayed: false; outcome: IdempotentOutcome } | { replayed: true; requestHash: string; status: number; response: object };

/**
 * Runs `work` once per (account, Idempotency-Key) within IDEMPOTENCY_WINDOW_MS, in a single
 * transaction: the row is inserted first, then the work runs on that transaction and its answer
 * is stored in the row. So a retry gets the stored answer and the work does not run again;
 * concurrent duplicates wait on the row's primary key until the first commits, then replay it;
 * work that fails rolls the row back with it (errors are never replayed; a crash leaves nothing).
 * Rows older than the window count as absent: the claim deletes an expired row of the same key,
 * and after each claim the account's other expired rows go (lazy expiry, no scheduled job).
 * Whether a replay's request matches (`requestHash`) is the caller's to judge.
 * `work` must use only the database it is given (on PGlite, another would wait on this transaction).
 */
export async function runIdempotent(
  { db }: Pick<ServiceDeps, 'db'>,
  input: { userId: string; key: string; requestHash: string },
  work: (db: Kysely<Database>) => Promise<IdempotentOutcome>,
): Promise<IdempotentRun> {
  const { userId, key, requestHash } = input;
  const expiredBefore = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS);
  const result = await db.transaction().execute(async (trx): Promise<IdempotentRun> => {
    await trx
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('created_at', '<', expiredBefore)
      .execute();
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: requestHash, status_code: 0, response: '{}' })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return { replayed: true, requestHash: first.request_hash, status: first.status_code, response: first.response };
    }
    const outcome = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: outcome.status, response: JSON.stringify(outcome.body) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return { replayed: false, outcome };
  });
  if (!result.replayed)
    await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('created_at', '<', expiredBefore).execute();
  return result;
}
