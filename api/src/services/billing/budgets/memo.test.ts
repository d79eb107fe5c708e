import { describe, expect, it } from 'vitest';
import { createBudgetNoticeMemo } from './memo.js';

describe('the budget notice memo (no query per call once a threshold is recorded)', () => {
  const november = new Date('2026-11-01T00:00:00.000Z');
  const december = new Date('2026-12-01T00:00:00.000Z');

  it('lets the first call past a threshold through, and none after it until a higher one', () => {
    const memo = createBudgetNoticeMemo();
    expect(memo.claim('usr_a', november, 1, 80)).toBe(true);
    expect(memo.claim('usr_a', november, 1, 80)).toBe(false);
    expect(memo.claim('usr_a', november, 1, 100)).toBe(true);
    expect(memo.claim('usr_a', november, 1, 80)).toBe(false);
    // Another account is its own.
    expect(memo.claim('usr_b', november, 1, 80)).toBe(true);
  });

  it('starts again for a changed budget and for a new month', () => {
    const memo = createBudgetNoticeMemo();
    expect(memo.claim('usr_a', november, 1, 100)).toBe(true);
    expect(memo.claim('usr_a', november, 2, 80)).toBe(true);
    expect(memo.claim('usr_a', december, 2, 80)).toBe(true);
  });
});
