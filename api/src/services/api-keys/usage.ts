import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { keyCallsThisMonth } from '../billing/usage.js';

/**
 * Calls made this calendar month (UTC) with each of the user's keys, by key id. Keys without
 * calls are absent (read as 0). Read from the metering store (api_usage_hourly), so the settings
 * list, the billing tab and /v1/usage show the same numbers.
 */
export async function callsThisMonthByKey(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  _input: NoInput,
  caller: SignedIn,
): Promise<Map<number, number>> {
  return keyCallsThisMonth(deps, {}, caller);
}
