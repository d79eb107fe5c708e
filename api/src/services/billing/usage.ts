import {
  costMicros,
  formatUsd,
  PLANS,
  type BillingSummary,
  type ChangePlanInput,
  type DailyUsage,
  type KeyUsage,
  type PlanId,
  type UsageSummary,
  type V1UsageResponse,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput, SignedIn } from '../caller.js';
import { atTime } from '../clock.js';
import type { ServiceDeps } from '../deps.js';
import { monthOf } from './period.js';

type Deps = Pick<ServiceDeps, 'db' | 'now'>;

/**
 * This month's usage of an account, read from the store that enforces the quota. The billing tab
 * and GET /v1/usage both answer with this, so they show the same numbers.
 */
export async function usageSummary(deps: Deps, _input: NoInput, caller: SignedIn): Promise<UsageSummary> {
  const { db } = deps;
  const { userId } = caller;
  const now = deps.now();
  const { start, end } = monthOf(now);
  const [user, row] = await Promise.all([
    db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('api_usage_monthly')
      .select(['free_calls', 'pro_calls'])
      .where('user_id', '=', userId)
      .where('month', '=', start)
      .executeTakeFirst(),
  ]);
  const freeCalls = row?.free_calls ?? 0;
  const billedCalls = row?.pro_calls ?? 0;
  const plan = PLANS[user.plan];
  const cost = costMicros(billedCalls);
  return {
    plan: plan.id,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    calls: freeCalls + billedCalls,
    quota: plan.monthlyQuota,
    // Only calls made on Free count against its quota (a downgrade does not inherit Pro's calls).
    remaining: plan.monthlyQuota === null ? null : Math.max(0, plan.monthlyQuota - freeCalls),
    billedCalls,
    costMicros: cost,
    costUsd: formatUsd(cost),
    asOf: now.toISOString(),
  };
}

/** Calls this month per key of the account, deleted keys included, by key id. */
export async function keyCallsThisMonth(deps: Deps, _input: NoInput, caller: SignedIn): Promise<Map<number, number>> {
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

async function dailyUsage({ db }: Deps, userId: string, now: Date): Promise<DailyUsage[]> {
  const { start, end } = monthOf(now);
  const rows = await sql<{ day: string; calls: number }>`
    select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, sum(calls)::int8 as calls
    from api_usage_hourly
    where user_id = ${userId} and hour >= ${start} and hour < ${end}
    group by 1
  `.execute(db);
  const byDay = new Map(rows.rows.map((r) => [r.day, Number(r.calls)]));
  const days: DailyUsage[] = [];
  for (let day = start.getTime(); day <= now.getTime() && day < end.getTime(); day += 86_400_000) {
    const key = new Date(day).toISOString().slice(0, 10);
    days.push({ day: key, calls: byDay.get(key) ?? 0 });
  }
  return days;
}

/** Everything the billing tab shows: this month's usage and cost, per day, per key, and plan changes. */
export async function billingSummary(deps: Deps, _input: NoInput, caller: SignedIn): Promise<BillingSummary> {
  const { userId } = caller;
  // One reading of the clock for every figure, so they all describe the same instant.
  const now = deps.now();
  const at = atTime(deps, now);
  const [usage, daily, perKey, keys, changes] = await Promise.all([
    usageSummary(at, {}, caller),
    dailyUsage(deps, userId, now),
    keyCallsThisMonth(at, {}, caller),
    deps.db.selectFrom('api_keys').select(['id', 'name', 'prefix', 'deleted_at']).where('user_id', '=', userId).orderBy('id').execute(),
    deps.db
      .selectFrom('plan_changes')
      .select(['from_plan', 'to_plan', 'at'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute(),
  ]);
  const keyUsage: KeyUsage[] = keys
    // A deleted key is listed only when it made calls this month: its calls are part of the bill.
    .filter((k) => !k.deleted_at || perKey.has(k.id))
    .map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, deleted: k.deleted_at !== null, calls: perKey.get(k.id) ?? 0 }));
  return {
    usage,
    daily,
    keys: keyUsage,
    planChanges: changes.map((c) => ({ from: c.from_plan, to: c.to_plan, at: c.at.toISOString() })),
  };
}

/**
 * Moves the account to another plan and records the change; it applies from the next call on
 * (limits, quota, billing). Payment is not taken yet. Choosing the current plan changes nothing.
 */
export async function changePlan(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'now'>,
  input: ChangePlanInput,
  caller: SignedIn,
): Promise<BillingSummary> {
  const { userId } = caller;
  const to: PlanId = input.plan;
  const from = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('plan').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.plan === to) return null;
    await trx.updateTable('users').set({ plan: to }).where('id', '=', userId).execute();
    await trx.insertInto('plan_changes').values({ user_id: userId, from_plan: user.plan, to_plan: to }).execute();
    return user.plan;
  });
  if (from) deps.log.info({ event: 'billing.plan_changed', userId, from, to }, 'plan changed');
  return billingSummary(deps, {}, caller);
}

/** GET /v1/usage: the account's usage this month and the calling key's share, read at one instant. */
export async function keyUsageSummary(deps: Deps, input: { keyId: number; name: string }, caller: SignedIn): Promise<V1UsageResponse> {
  const at = atTime(deps, deps.now());
  const [summary, perKey] = await Promise.all([usageSummary(at, {}, caller), keyCallsThisMonth(at, {}, caller)]);
  return { ...summary, key: { id: input.keyId, name: input.name, calls: perKey.get(input.keyId) ?? 0 } };
}
