import { MICROS_PER_CENT, PLANS, PRICE_MICROS_PER_CALL, type PlanId } from '@coinsight/contracts';
import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { Caller } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { hourOf, monthOf } from '../period.js';

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

/** One call to count: the key it was made with and its owner's plan. */
interface CallToReserve {
  keyId: number;
  userId: string;
  plan: PlanId;
}

/**
 * Counts one call before its handler runs, in the store that enforces the quota. The calls that
 * arrive while the event loop is busy are counted together, one statement for up to a few dozen
 * of them (a statement's round trip, not its work, was most of a `/v1` call's cost: docs/performance.md);
 * each call still waits for the statement that counted it to commit, so a crash after a 200 loses
 * no call.
 *
 * The statement (reserveBatch) raises each account's monthly row by one only while a Free account
 * is under its quota (`on conflict … do update … where free_calls < quota`, which PostgreSQL
 * evaluates on the row it has locked, so concurrent calls queue on it and exactly the calls that
 * fit get through), and the key's hourly row in the same statement, only if the monthly one went
 * up. A Pro account's hard-capped budget is held the same way: the same `where`
 * lets a Pro call through only while `pro_calls` is under the calls the budget pays for, read from
 * `budgets` inside the statement. The statement also answers the budget it read, so the caller can
 * tell a crossed threshold (80%, 100%) without another query.
 */
export async function reserveCall(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: { keyId: number },
  caller: Caller<'userId' | 'plan'>,
): Promise<ReserveResult> {
  return reservationsOf(deps).load({ keyId: input.keyId, userId: caller.userId, plan: caller.plan });
}

const reservationLoaders = new WeakMap<object, DataLoader<CallToReserve, ReserveResult>>();

/** The batcher of one deps: calls gathered until the event loop's check phase, at most 64 a batch. */
function reservationsOf(deps: Pick<ServiceDeps, 'db' | 'now'>): DataLoader<CallToReserve, ReserveResult> {
  let loader = reservationLoaders.get(deps);
  if (!loader) {
    loader = new DataLoader((calls) => reserveCalls(deps, calls), {
      cache: false,
      maxBatchSize: 64,
      batchScheduleFn: (run) => setImmediate(run),
    });
    reservationLoaders.set(deps, loader);
  }
  return loader;
}

/**
 * A batch's calls, in rounds: a statement may raise each account's row once, so an account's
 * second call in the batch goes in the next round's statement, after the first committed.
 */
async function reserveCalls(deps: Pick<ServiceDeps, 'db' | 'now'>, calls: readonly CallToReserve[]): Promise<ReserveResult[]> {
  const results: ReserveResult[] = new Array<ReserveResult>(calls.length);
  let pending = calls.map((call, index) => ({ call, index }));
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const item of pending) {
      if (seen.has(item.call.userId)) later.push(item);
      else {
        seen.add(item.call.userId);
        round.push(item);
      }
    }
    const answers = await reserveBatch(
      deps,
      round.map((item) => item.call),
    );
    round.forEach((item, i) => (results[item.index] = answers[i] as ReserveResult));
    pending = later;
  }
  return results;
}

/**
 * One statement for calls of distinct accounts. Rows are locked in account order, so two batches
 * in flight on different connections never wait on each other in a circle.
 */
async function reserveBatch(deps: Pick<ServiceDeps, 'db' | 'now'>, calls: CallToReserve[]): Promise<ReserveResult[]> {
  const now = deps.now();
  const { start: month, end } = monthOf(now);
  const hour = hourOf(now);
  const sorted = [...calls].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const result = await sql<{
    user_id: string;
    free_calls: number;
    pro_calls: number;
    amount_cents: number | null;
    hard_cap: boolean | null;
    updated_at: Date | null;
  }>`
    with input as (
      select * from unnest(
        ${sorted.map((c) => c.keyId)}::int8[], ${sorted.map((c) => c.userId)}::text[],
        ${sorted.map((c) => (c.plan === 'free' ? 1 : 0))}::int4[], ${sorted.map((c) => (c.plan === 'pro' ? 1 : 0))}::int4[],
        ${sorted.map((c) => PLANS[c.plan].monthlyQuota)}::int4[]
      ) with ordinality as i(key_id, user_id, free, pro, quota, n)
    ), reserved as (
      insert into api_usage_monthly as m (user_id, month, free_calls, pro_calls)
      select user_id, ${month}::timestamptz, free, pro from input order by n
      on conflict (user_id, month) do update
        set free_calls = m.free_calls + excluded.free_calls, pro_calls = m.pro_calls + excluded.pro_calls
        where (select i.quota is null or m.free_calls < i.quota from input i where i.user_id = m.user_id)
          and (excluded.pro_calls = 0 or not exists (
            select 1 from budgets b
            where b.user_id = m.user_id and b.hard_cap
              and m.pro_calls::int8 >= b.amount_cents::int8 * ${MICROS_PER_CENT}::int8 / ${PRICE_MICROS_PER_CALL}::int8))
      returning m.user_id, m.free_calls, m.pro_calls
    ), hourly as (
      insert into api_usage_hourly as h (key_id, user_id, hour, calls, pro_calls)
      select i.key_id, i.user_id, ${hour}::timestamptz, 1, i.pro from input i join reserved r on r.user_id = i.user_id order by i.n
      on conflict (key_id, hour) do update set calls = h.calls + 1, pro_calls = h.pro_calls + excluded.pro_calls
    )
    select r.user_id, r.free_calls, r.pro_calls, b.amount_cents, b.hard_cap, b.updated_at
    from reserved r join input i on i.user_id = r.user_id left join budgets b on b.user_id = r.user_id and i.pro = 1
  `.execute(deps.db);
  const rows = new Map(result.rows.map((row) => [row.user_id, row]));
  return calls.map((call): ReserveResult => {
    const row = rows.get(call.userId);
    if (!row) return { reserved: false, reason: call.plan === 'pro' ? 'budget' : 'quota', periodEnd: end };
    const budget =
      row.amount_cents !== null && row.updated_at !== null
        ? { amountCents: row.amount_cents, hardCap: row.hard_cap === true, updatedAt: row.updated_at }
        : null;
    return { reserved: true, reservation: { ...call, month, hour, billedCalls: row.pro_calls, freeCalls: row.free_calls, budget } };
  });
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
