import {
  costMicros,
  formatUsd,
  PLANS,
  type BillingSummary,
  type DailyUsage,
  type KeyUsage,
  type PlanId,
  type UsageSummary,
  type V1UsageResponse,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput, SignedIn } from '../../caller.js';
import { atTime } from '../../clock.js';
import type { ServiceDeps } from '../../deps.js';
import { accountKeys } from '../../api-keys/keys.js';
import { budgetView } from '../budgets/budget.js';
import { keyCallsThisMonth } from './key-calls.js';
import { monthOf } from '../period.js';

type Deps = Pick<ServiceDeps, 'db' | 'now'>;

/**
 * This month's usage of an account, read from the store that enforces the quota. The billing tab
 * and GET /v1/usage both answer with this, so they show the same numbers.
 */
export async function usageSummary(deps: Deps, _input: NoInput, caller: SignedIn): Promise<UsageSummary> {
  const now = deps.now();
  return summaryOf(now, await readUsage(deps.db, caller.userId, now, null));
}

/**
 * Everything a usage summary shows, in one statement (GET /v1/usage answers at the rate of the
 * calls it reports on): the plan, the month's counts, the budget with the thresholds noticed this
 * month and, when asked, one key's calls this month.
 */
async function readUsage(db: Deps['db'], userId: string, now: Date, keyId: number | null) {
  const { start, end } = monthOf(now);
  return db
    .selectFrom('users as u')
    .leftJoin('api_usage_monthly as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.month', '=', start))
    .leftJoin('budgets as b', 'b.user_id', 'u.id')
    .select(['u.plan', 'm.free_calls', 'm.pro_calls', 'b.amount_cents', 'b.hard_cap'])
    .select((eb) => [
      sql<
        number[]
      >`array(${eb.selectFrom('budget_notices as n').select('n.threshold').whereRef('n.user_id', '=', 'u.id').where('n.month', '=', start)})`.as(
        'noticed',
      ),
      (keyId === null
        ? sql<string | null>`null`
        : eb
            .selectFrom('api_usage_hourly as h')
            .select((h) => h.fn.sum<string>('h.calls').as('calls'))
            .where('h.key_id', '=', keyId)
            .whereRef('h.user_id', '=', 'u.id')
            .where('h.hour', '>=', start)
            .where('h.hour', '<', end)
      ).as('key_calls'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

function summaryOf(now: Date, row: Awaited<ReturnType<typeof readUsage>>): UsageSummary {
  const { start, end } = monthOf(now);
  const freeCalls = row.free_calls ?? 0;
  const billedCalls = row.pro_calls ?? 0;
  const plan = PLANS[row.plan];
  const cost = costMicros(billedCalls);
  // A budget does nothing on Free (never billed); it is kept for when the account is Pro again.
  const budgetRow =
    plan.billed && row.amount_cents !== null && row.hard_cap !== null ? { amount_cents: row.amount_cents, hard_cap: row.hard_cap } : null;
  const budget = budgetView(budgetRow, row.noticed, { calls: billedCalls, costMicros: cost });
  const projected = projectMonth({
    start,
    end,
    now,
    plan: plan.id,
    freeCalls,
    billedCalls,
    capCalls: budget?.hardCap ? budget.calls : null,
  });
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
    projectedCalls: projected.freeCalls + projected.billedCalls,
    projectedCostMicros: costMicros(projected.billedCalls),
    projectedCostUsd: formatUsd(costMicros(projected.billedCalls)),
    budget,
    asOf: now.toISOString(),
  };
}

/** Before an hour of the month has passed, the projection divides by an hour: a first minute's calls × 43,200 would mean nothing. */
const MIN_ELAPSED_MS = 3_600_000;

/**
 * The month's calls projected to its end, linear on the time elapsed since it began: what the
 * current plan keeps adding grows by (month length / elapsed), what it no longer adds stays
 * (Free calls on Pro, Pro calls on Free). Free's projection stops at its quota and a hard-capped
 * budget's at its calls, since the API refuses past them.
 */
export function projectMonth(input: {
  start: Date;
  end: Date;
  now: Date;
  plan: PlanId;
  freeCalls: number;
  billedCalls: number;
  capCalls: number | null;
}): { freeCalls: number; billedCalls: number } {
  const elapsed = Math.max(MIN_ELAPSED_MS, input.now.getTime() - input.start.getTime());
  const factor = Math.max(1, (input.end.getTime() - input.start.getTime()) / elapsed);
  const grow = (calls: number) => Math.round(calls * factor);
  if (input.plan === 'free') {
    const quota = PLANS.free.monthlyQuota ?? Number.MAX_SAFE_INTEGER;
    return { freeCalls: Math.max(input.freeCalls, Math.min(quota, grow(input.freeCalls))), billedCalls: input.billedCalls };
  }
  const billed = grow(input.billedCalls);
  return {
    freeCalls: input.freeCalls,
    billedCalls: input.capCalls === null ? billed : Math.max(input.billedCalls, Math.min(input.capCalls, billed)),
  };
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
    accountKeys(deps, {}, caller),
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
    .filter((k) => !k.deleted || perKey.has(k.id))
    .map((k) => ({ ...k, calls: perKey.get(k.id) ?? 0 }));
  return {
    usage,
    daily,
    keys: keyUsage,
    planChanges: changes.map((c) => ({ from: c.from_plan, to: c.to_plan, at: c.at.toISOString() })),
  };
}

/** GET /v1/usage: the account's usage this month and the calling key's share, read at one instant in one statement. */
export async function keyUsageSummary(deps: Deps, input: { keyId: number; name: string }, caller: SignedIn): Promise<V1UsageResponse> {
  const now = deps.now();
  const row = await readUsage(deps.db, caller.userId, now, input.keyId);
  return { ...summaryOf(now, row), key: { id: input.keyId, name: input.name, calls: Number(row.key_calls ?? 0) } };
}
