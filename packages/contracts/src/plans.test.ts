import { describe, expect, it } from 'vitest';
import {
  costMicros,
  formatUsd,
  monthlyChargeMicros,
  planLimitMessage,
  PLANS,
  PRICE_MICROS_PER_1000_CALLS,
  type PlanLimitId,
} from './plans.js';

describe('plans', () => {
  it('states the limits of docs/product.md §9 once', () => {
    expect(PLANS.free).toMatchObject({ requestsPerMinute: 100, monthlyQuota: 1_000, billed: false });
    expect(PLANS.pro).toMatchObject({ requestsPerMinute: 1_000, monthlyQuota: null, billed: true });
    expect(formatUsd(PRICE_MICROS_PER_1000_CALLS)).toBe('$0.15');
  });

  it('costs add up exactly however the calls are grouped', () => {
    for (const [a, b] of [
      [1, 2],
      [333, 667],
      [7_777_777, 1],
    ] as const) {
      expect(costMicros(a) + costMicros(b)).toBe(costMicros(a + b));
    }
    expect(costMicros(1_000)).toBe(150_000);
    expect(() => costMicros(1.5)).toThrow(RangeError);
    expect(() => costMicros(-1)).toThrow(RangeError);
  });

  it('charges Pro for every call, and never charges Free', () => {
    expect(monthlyChargeMicros(PLANS.pro, 1)).toBe(150);
    expect(monthlyChargeMicros(PLANS.pro, 10_000)).toBe(1_500_000);
    expect(monthlyChargeMicros(PLANS.free, 50_000)).toBe(0);
  });

  it('formats micro-dollars as dollars and cents, rounding half a cent up', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(150)).toBe('$0.00');
    expect(formatUsd(5_000)).toBe('$0.01');
    expect(formatUsd(1_355_000)).toBe('$1.36');
    expect(formatUsd(1_234_567_890_000)).toBe('$1,234,567.89');
  });

  it('docs/security.md §26: caps every count per plan, Pro above Free, with a message naming the cap and the plan', () => {
    for (const limit of Object.keys(PLANS.free.limits) as PlanLimitId[]) {
      expect(PLANS.pro.limits[limit]).toBeGreaterThan(PLANS.free.limits[limit]);
    }
    expect(planLimitMessage('free', 'activeAlerts')).toBe(
      'Your Free plan allows 20 active alerts. Delete or pause one to add another, or upgrade to Pro for 200.',
    );
    expect(planLimitMessage('pro', 'tasks')).toBe('Your Pro plan allows 500 tasks. Delete a finished one to add another.');
  });
});
