import { MICROS_PER_CENT, PLANS, PRICE_MICROS_PER_CALL, type PlanId } from '@coinsight/contracts';
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
  /** The account's Pro calls counted this month, after this reservation (this one included on Pro). */
  billedCalls: number;
  /** The account's Free calls counted this month, after this reservation (this one included on Free): the quota's use. */
  freeCalls: number;
  /** The account's budget as the reservation read it (Pro only), for the 80%/100% notices. */
  budget: ReservedBudget | null;
}

export interface ReservedBudget {
  amountCents: number;
  hardCap: boolean;
  updatedAt: Date;
}

export type ReserveResult =
  | { reserved: true; reservation: Reservation }
  /** `quota`: a Free account used its month; `budget`: a Pro account reached its hard-capped budget. */
  | { reserved: false; reason: 'quota' | 'budget'; periodEnd: Date };

/**
 * Counts one call before its handler runs, in the store that enforces the quota, with one
 * statement: the account's monthly row goes up by one only while a Free account is under its
 * quota (`on conflict … do update … where free_calls < quota`, which PostgreSQL evaluates on the
 * row it has locked, so concurrent calls queue on it and exactly the calls that fit get through),
 * and the key's hourly row goes up in the same statement, only if the monthly one did. The
 * statement commits before the answer is written, so a crash after a 200 loses no call.
 *
 * A Pro account's hard-capped budget is held the same way (issue 22 point 4): the same `where`
 * lets a Pro call through only while `pro_calls` is under the calls the budget pays for, read from
 * `budgets` by primary key inside the statement, so 50 concurrent calls at the cap get exactly
 * the calls that fit and no extra round trip is made. The statement also answers the budget it
 * read, so the caller can tell a crossed threshold (80%, 100%) without another query.
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
  const result = await sql<{
    free_calls: number;
    pro_calls: number;
    amount_cents: number | null;
    hard_cap: boolean | null;
    updated_at: Date | null;
  }>`
    with reserved as (
      insert into api_usage_monthly as m (user_id, month, free_calls, pro_calls)
      values (${call.userId}, ${month}, ${free}, ${pro})
      on conflict (user_id, month) do update
        set free_calls = m.free_calls + excluded.free_calls, pro_calls = m.pro_calls + excluded.pro_calls
        where (${quota}::int4 is null or m.free_calls < ${quota}::int4)
          and (${pro}::int4 = 0 or not exists (
            select 1 from budgets b
            where b.user_id = m.user_id and b.hard_cap
              and m.pro_calls::int8 >= b.amount_cents::int8 * ${MICROS_PER_CENT}::int8 / ${PRICE_MICROS_PER_CALL}::int8))
      returning m.free_calls, m.pro_calls
    ), hourly as (
      insert into api_usage_hourly as h (key_id, user_id, hour, calls, pro_calls)
      select ${call.keyId}::int8, ${call.userId}, ${hour}::timestamptz, 1, ${pro}::int4 from reserved
      on conflict (key_id, hour) do update set calls = h.calls + 1, pro_calls = h.pro_calls + excluded.pro_calls
    )
    select r.free_calls, r.pro_calls, b.amount_cents, b.hard_cap, b.updated_at
    from reserved r left join budgets b on b.user_id = ${call.userId} and ${pro}::int4 = 1
  `.execute(db);
  const row = result.rows[0];
  if (!row) return { reserved: false, reason: call.plan === 'pro' ? 'budget' : 'quota', periodEnd: end };
  const budget =
    row.amount_cents !== null && row.updated_at !== null
      ? { amountCents: row.amount_cents, hardCap: row.hard_cap === true, updatedAt: row.updated_at }
      : null;
  return { reserved: true, reservation: { ...call, month, hour, billedCalls: row.pro_calls, freeCalls: row.free_calls, budget } };
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
    update api_usage_hourly set calls = calls - 1, pro_calls = pro_calls - ${pro}
    where key_id = ${r.keyId} and hour = ${r.hour} and exists (select 1 from m)
  `.execute(db);
}
