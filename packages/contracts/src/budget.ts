/**
 * A Pro account's monthly spending budget: mail at 80% and 100% of it, and
 * optionally a hard cap past which calls are refused (402 budget_exceeded) instead of billed.
 * Money is integer micro-dollars like every cost (plans.ts); a budget is set in whole cents.
 */
import { z } from 'zod';
import { MAX_BUDGET_CENTS, MICROS_PER_CENT, MIN_BUDGET_CENTS, type BudgetThreshold } from './budget-limits.js';
import { formatUsd, PRICE_MICROS_PER_CALL } from './plans.js';

export const BUDGET_MESSAGES = {
  format: 'Budget must be an amount in US dollars with at most two decimals, e.g. 50 or 49.99',
  min: `Budget must be at least ${formatUsd(MIN_BUDGET_CENTS * MICROS_PER_CENT)}`,
  max: `Budget must be at most ${formatUsd(MAX_BUDGET_CENTS * MICROS_PER_CENT)}`,
  proOnly: 'A monthly budget is for Pro accounts: calls on the Free plan are never billed. Upgrade to Pro to set one.',
} as const;

/** "49.99" or 49.99 → 4999 cents; anything with more than two decimals, a sign or an exponent is refused. */
const amountSchema = z
  .union([z.string(), z.number()], { error: BUDGET_MESSAGES.format })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/^\$/, '').replaceAll(',', '');
    const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: BUDGET_MESSAGES.format });
      return z.NEVER;
    }
    return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  })
  .pipe(z.number().int().min(MIN_BUDGET_CENTS, { error: BUDGET_MESSAGES.min }).max(MAX_BUDGET_CENTS, { error: BUDGET_MESSAGES.max }));

/** billing.setBudget: `amountUsd` null removes the budget. */
export const setBudgetSchema = z.object({
  amountUsd: amountSchema.nullable(),
  /** Refuse calls past the budget (402) instead of billing them. */
  hardCap: z.boolean({ error: 'hardCap must be true or false' }).default(false),
});
export type SetBudgetInput = z.input<typeof setBudgetSchema>;

/**
 * The budget in calls, exact in integers: `capCalls` is the most calls whose cost fits the budget
 * (the hard cap refuses the next one, and reaching it is the 100% mail); `warnCalls` is the first
 * count whose cost is at least 80% of the budget.
 */
export function budgetCalls(amountCents: number): { warnCalls: number; capCalls: number } {
  const micros = amountCents * MICROS_PER_CENT;
  const warnMicros = (micros * 80) / 100;
  return { warnCalls: Math.ceil(warnMicros / PRICE_MICROS_PER_CALL), capCalls: Math.floor(micros / PRICE_MICROS_PER_CALL) };
}

/** The highest threshold `billedCalls` has reached, or null below 80%. */
export function budgetThresholdReached(amountCents: number, billedCalls: number): BudgetThreshold | null {
  const { warnCalls, capCalls } = budgetCalls(amountCents);
  if (billedCalls >= capCalls) return 100;
  return billedCalls >= warnCalls ? 80 : null;
}

/** The 402 a call past a hard-capped budget gets, in the /v1 error shape. */
export function budgetExceededMessage(amountCents: number, periodEnd: Date): string {
  return `Monthly budget of ${formatUsd(amountCents * MICROS_PER_CENT)} reached with its hard cap on: calls past it are refused, not billed, until ${periodEnd.toISOString().slice(0, 10)} UTC. Raise the budget or turn the hard cap off in the billing tab to continue.`;
}
