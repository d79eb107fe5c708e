/**
 * A budget's bounds and thresholds, apart from budget.ts's zod schema: the landing
 * page's FAQ states them, and importing them must not bring zod into its bundle.
 */
export const MICROS_PER_CENT = 10_000;
/** $0.01: the smallest budget (66 calls). */
export const MIN_BUDGET_CENTS = 1;
/** $100,000.00: the largest budget (666,666,666 calls, within a 32-bit counter). */
export const MAX_BUDGET_CENTS = 10_000_000;
/** The thresholds that are mailed, in percent of the budget, lowest first. */
export const BUDGET_THRESHOLDS = [80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];
