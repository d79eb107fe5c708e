import { PLANS, type PlanId } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { hourOf, monthOf } from './period.js';

/** One call's count, held from before its handler runs until its answer is known. */
export interface Reservation {
  keyId: number;
  userId: string;
  plan: PlanId;
  month: Date;
  hour: Date;
}

export type ReserveResult = { reserved: true; reservation: Reservation } | { reserved: false; periodEnd: Date };

/**
 * Counts one call before its handler runs, in the store that enforces the quota, with one
 * statement: the account's monthly row goes up by one only while a Free account is under its
 * quota (`on conflict … do update … where free_calls < quota`, which PostgreSQL evaluates on the
 * row it has locked, so concurrent calls queue on it and exactly the calls that fit get through),
 * and the key's hourly row goes up in the same statement, only if the monthly one did. The
 * statement commits before the answer is written, so a crash after a 200 loses no call.
 */
export async function reserveCall(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: { keyId: number },
  caller: Caller<'userId' | 'plan'>,
): Promise<ReserveResult> {
  const { db } = deps;
  const now = deps.now();
  const call = { keyId: input.keyId, userId: caller.userId, plan: caller.plan };
  const { start: month, end } = monthOf(now);
  const hour = hourOf(now);
  const quota = PLANS[call.plan].monthlyQuota;
  const free = call.plan === 'free' ? 1 : 0;
  const pro = call.plan === 'pro' ? 1 : 0;
  const result = await sql<{ free_calls: number }>`
    with reserved as (
      insert into api_usage_monthly as m (user_id, month, free_calls, pro_calls)
      values (${call.userId}, ${month}, ${free}, ${pro})
      on conflict (user_id, month) do update
        set free_calls = m.free_calls + excluded.free_calls, pro_calls = m.pro_calls + excluded.pro_calls
        where ${quota}::int4 is null or m.free_calls < ${quota}::int4
      returning m.free_calls
    ), hourly as (
      insert into api_usage_hourly as h (key_id, user_id, hour, calls)
      select ${call.keyId}::int8, ${call.userId}, ${hour}::timestamptz, 1 from reserved
      on conflict (key_id, hour) do update set calls = h.calls + 1
    )
    select free_calls from reserved
  `.execute(db);
  if (result.rows.length === 0) return { reserved: false, periodEnd: end };
  return { reserved: true, reservation: { ...call, month, hour } };
}

/**
 * Gives a reserved count back: the answer was not a 2xx, or the route found the call not
 * billable. Both rows in one statement, the monthly one first (the order reserveCall locks them in).
 */
export async function releaseCall({ db }: Pick<ServiceDeps, 'db'>, input: Reservation): Promise<void> {
  const r = input;
  const free = r.plan === 'free' ? 1 : 0;
  const pro = r.plan === 'pro' ? 1 : 0;
  await sql`
    with m as (
      update api_usage_monthly set free_calls = free_calls - ${free}, pro_calls = pro_calls - ${pro}
      where user_id = ${r.userId} and month = ${r.month}
      returning 1
    )
    update api_usage_hourly set calls = calls - 1
    where key_id = ${r.keyId} and hour = ${r.hour} and exists (select 1 from m)
  `.execute(db);
}
