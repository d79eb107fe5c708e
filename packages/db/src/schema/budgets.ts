import type { Generated } from 'kysely';

/** A Pro account's monthly budget; no row: no budget. */
export interface BudgetsTable {
  user_id: string;
  /** $0.01 to $100,000.00, in cents. */
  amount_cents: number;
  /** Refuse calls past the budget (402) instead of billing them. */
  hard_cap: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** A budget threshold reached in a month: one row per (account, month, threshold), so one mail. */
export interface BudgetNoticesTable {
  user_id: string;
  /** Start of the calendar month, UTC. */
  month: Date;
  threshold: 80 | 100;
  /** Billed calls counted when it was reached, and the budget it was reached against. */
  billed_calls: number;
  amount_cents: number;
  reached_at: Generated<Date>;
}
