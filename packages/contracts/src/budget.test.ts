import { describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES, budgetCalls, budgetThresholdReached, setBudgetSchema } from './budget.js';

describe('budgets', () => {
  it('reads an amount in dollars as whole cents', () => {
    const cents = (amountUsd: unknown) => setBudgetSchema.parse({ amountUsd }).amountUsd;
    expect(cents('50')).toBe(5_000);
    expect(cents(49.99)).toBe(4_999);
    expect(cents('$1,250.5')).toBe(125_050);
    expect(cents('0.01')).toBe(1);
    expect(cents(null)).toBeNull();
    expect(setBudgetSchema.parse({ amountUsd: '5' }).hardCap).toBe(false);
  });

  it('refuses what is not a positive amount of cents within bounds, saying why', () => {
    const message = (amountUsd: unknown) => setBudgetSchema.safeParse({ amountUsd }).error?.issues[0]?.message;
    expect(message('0')).toBe(BUDGET_MESSAGES.min);
    expect(message('100000.01')).toBe(BUDGET_MESSAGES.max);
    expect(message('1.001')).toBe(BUDGET_MESSAGES.format);
    expect(message('-1')).toBe(BUDGET_MESSAGES.format);
    expect(message(true)).toBe(BUDGET_MESSAGES.format);
  });

  it('turns a budget into calls exactly: 80% at the first count costing at least 80%, 100% at the last call that fits', () => {
    expect(budgetCalls(100)).toEqual({ warnCalls: 5_334, capCalls: 6_666 });
    expect(budgetCalls(1)).toEqual({ warnCalls: 54, capCalls: 66 });
    // $0.15 pays for exactly 1,000 calls; 80% is exactly 800 calls.
    expect(budgetCalls(15)).toEqual({ warnCalls: 800, capCalls: 1_000 });
    expect(budgetCalls(10_000_000).capCalls).toBe(666_666_666);
    expect([799, 800, 999, 1_000, 1_001].map((calls) => budgetThresholdReached(15, calls))).toEqual([null, 80, 80, 100, 100]);
  });
});
