import type { PlanId } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely, Transaction } from 'kysely';

export interface LockedAccount {
  plan: PlanId;
  emailVerified: boolean;
}

/**
 * Runs `work` in a transaction, or in the caller's one when `db` already is (a /v1 create under
 * Idempotency-Key runs inside the key's transaction).
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute((trx: Transaction<Database>) => work(trx));
}

/**
 * Locks the account's row for the rest of the transaction and answers its plan and whether its
 * address is verified. Every create that is capped per plan takes this lock before it counts, so
 * 50 concurrent creates count one after another and never overshoot the cap (docs/security.md §26).
 */
export async function lockAccount(trx: Kysely<Database>, userId: string): Promise<LockedAccount> {
  const row = await trx
    .selectFrom('users')
    .select(['plan', 'email_verified_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { plan: row.plan, emailVerified: row.email_verified_at !== null };
}
