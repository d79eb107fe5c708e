import type { Db } from '@coinsight/db';
import { monthOf, hourOf } from '../services/billing/period.js';
import { apiKeyHash, displayPrefix, newApiKeySecret } from '../services/api-keys/secret.js';

/** A live key for `userId`, made straight in the table (the key service needs a confirmed address). */
export async function insertKey(db: Db, userId: string, name = 'test key') {
  const secret = newApiKeySecret();
  const row = await db
    .insertInto('api_keys')
    .values({ user_id: userId, name, prefix: displayPrefix(secret), secret_hash: apiKeyHash(secret), last_used_at: null, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, secret, headers: { authorization: `Bearer ${secret}` } };
}

/** Sets this month's Free calls of the account to `calls`, all made with `keyId` an hour ago or so. */
export async function presetFreeCalls(db: Db, userId: string, keyId: number, calls: number, now = new Date()) {
  const month = monthOf(now).start;
  await db
    .insertInto('api_usage_monthly')
    .values({ user_id: userId, month, free_calls: calls, pro_calls: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doUpdateSet({ free_calls: calls }))
    .execute();
  const hour = new Date(Math.max(month.getTime(), hourOf(now).getTime() - 3_600_000));
  await db
    .insertInto('api_usage_hourly')
    .values({ key_id: keyId, user_id: userId, hour, calls })
    .onConflict((oc) => oc.columns(['key_id', 'hour']).doUpdateSet({ calls }))
    .execute();
}
