import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { monthOf } from '../period.js';

/**
 * Calls this calendar month (UTC) per key of the account, deleted keys included, by key id; keys
 * without calls are absent (read as 0). Read from the metering store (api_usage_hourly), so the API
 * key list, the billing tab and /v1/usage show the same numbers.
 */
export async function keyCallsThisMonth(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  _input: NoInput,
  caller: SignedIn,
): Promise<Map<number, number>> {
  const { db } = deps;
  const { userId } = caller;
  const now = deps.now();
  const { start, end } = monthOf(now);
  const rows = await db
    .selectFrom('api_usage_hourly')
    .select((eb) => ['key_id', eb.fn.sum<number>('calls').as('calls')])
    .where('user_id', '=', userId)
    .where('hour', '>=', start)
    .where('hour', '<', end)
    .groupBy('key_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.key_id), Number(r.calls)]));
}
