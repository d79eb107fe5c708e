import {
  BUDGET_MESSAGES,
  BUDGET_THRESHOLDS,
  budgetCalls,
  budgetThresholdReached,
  formatUsd,
  MICROS_PER_CENT,
  type BudgetThreshold,
  type setBudgetSchema,
  type UsageSummary,
} from '@coinsight/contracts';
import type { z } from 'zod';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { inTransaction, lockAccount } from '../../transactions.js';
import { monthOf } from '../period.js';

/**
 * Sets, changes or removes (amountUsd null) a Pro account's monthly budget. A
 * Free account is refused with 403: its calls are never billed, so there is nothing to cap. A
 * threshold recorded this month that the new amount no longer reaches is forgotten, so raising the
 * budget mails again when the new 80% or 100% is crossed; one still reached stays (no second mail).
 */
export async function setBudget(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'now'>,
  input: z.output<typeof setBudgetSchema>,
  caller: SignedIn,
): Promise<void> {
  const { userId } = caller;
  const now = deps.now();
  const month = monthOf(now).start;
  await inTransaction(deps.db, async (trx) => {
    const account = await lockAccount(trx, userId);
    if (account.plan !== 'pro') throw new AppError('FORBIDDEN', BUDGET_MESSAGES.proOnly);
    const amountCents = input.amountUsd;
    if (amountCents === null) {
      await trx.deleteFrom('budgets').where('user_id', '=', userId).execute();
      return;
    }
    await trx
      .insertInto('budgets')
      .values({ user_id: userId, amount_cents: amountCents, hard_cap: input.hardCap, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ amount_cents: amountCents, hard_cap: input.hardCap, updated_at: now }))
      .execute();
    const usage = await trx
      .selectFrom('api_usage_monthly')
      .select('pro_calls')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirst();
    const reached = budgetThresholdReached(amountCents, usage?.pro_calls ?? 0);
    const forgotten = BUDGET_THRESHOLDS.filter((t) => reached === null || t > reached);
    if (forgotten.length > 0) {
      await trx
        .deleteFrom('budget_notices')
        .where('user_id', '=', userId)
        .where('month', '=', month)
        .where('threshold', 'in', forgotten)
        .execute();
    }
  });
  deps.log.info(
    { event: 'billing.budget_set', userId, amountCents: input.amountUsd, hardCap: input.amountUsd === null ? null : input.hardCap },
    input.amountUsd === null ? 'budget removed' : 'budget set',
  );
}

/**
 * The budget as the billing tab and GET /v1/usage show it, null without one: from the budget's
 * row and the thresholds already noticed this month (services/billing/metering/usage.ts reads both in the
 * statement that reads the month's usage).
 */
export function budgetView(
  budget: { amount_cents: number; hard_cap: boolean } | null,
  noticed: readonly number[],
  billed: { calls: number; costMicros: number },
): UsageSummary['budget'] {
  if (!budget) return null;
  const amountMicros = budget.amount_cents * MICROS_PER_CENT;
  const reached = new Set(noticed.map(Number));
  return {
    amountMicros,
    amountUsd: formatUsd(amountMicros),
    hardCap: budget.hard_cap,
    calls: budgetCalls(budget.amount_cents).capCalls,
    usedPercent: Math.floor((billed.costMicros * 100) / amountMicros),
    reached: BUDGET_THRESHOLDS.filter((t): t is BudgetThreshold => reached.has(t)),
  };
}

/** The caller's budget amount, for the 402's message (read only when a call is refused). */
export async function budgetAmountCents(deps: Pick<ServiceDeps, 'db'>, _input: NoInput, caller: SignedIn): Promise<number | null> {
  const row = await deps.db.selectFrom('budgets').select('amount_cents').where('user_id', '=', caller.userId).executeTakeFirst();
  return row?.amount_cents ?? null;
}
