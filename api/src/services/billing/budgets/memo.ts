import type { BudgetThreshold } from '@coinsight/contracts';

/**
 * What this instance already recorded of each account's budget thresholds this month, so a
 * Pro call past 80% does not try to record it again on every call: only the first call that
 * sees a higher threshold (for a given budget, named by its `updated_at`) goes to the database,
 * where the primary key of budget_notices decides who mails. Forgetting it (a restart) costs one
 * idempotent insert, never a second mail.
 */
export interface BudgetNoticeMemo {
  /** True when `threshold` is above what was claimed for this account, month and budget; it is claimed at once. */
  claim(userId: string, month: Date, budgetVersion: number, threshold: BudgetThreshold): boolean;
}

/** At most this many accounts a month are remembered; past it the memo starts again (costs idempotent inserts). */
const MAX_ENTRIES = 100_000;

export function createBudgetNoticeMemo(): BudgetNoticeMemo {
  let month = 0;
  const seen = new Map<string, BudgetThreshold>();
  return {
    claim(userId, monthStart, budgetVersion, threshold) {
      if (monthStart.getTime() !== month || seen.size >= MAX_ENTRIES) {
        month = monthStart.getTime();
        seen.clear();
      }
      const key = `${userId} ${budgetVersion}`;
      const known = seen.get(key);
      if (known !== undefined && known >= threshold) return false;
      seen.set(key, threshold);
      return true;
    },
  };
}
