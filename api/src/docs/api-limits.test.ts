import { readFileSync } from 'node:fs';
import {
  budgetCalls,
  BUDGET_MESSAGES,
  formatUsd,
  FREE_CALLS_PER_MONTH,
  MAX_BUDGET_CENTS,
  MICROS_PER_CENT,
  MIN_BUDGET_CENTS,
  PLAN_LIMIT_LABELS,
  PLANS,
  PRICE_MICROS_PER_1000_CALLS,
  PRICE_MICROS_PER_CALL,
  type PlanLimitId,
} from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';

// docs/api-limits.md states the numbers the API enforces. The pricing page,
// the FAQ and the billing tab read PLANS (web/src/pages/billing/figures.test.tsx); this file is
// prose, so its tables are checked against it.
const doc = readFileSync(new URL('../../../docs/api-limits.md', import.meta.url), 'utf8');
const count = (n: number) => n.toLocaleString('en-US');

/** The cells of the table row whose first cell is `first`. */
function row(first: string): string[] {
  const line = doc.split('\n').find((l) => l.startsWith(`| ${first} |`));
  if (!line) throw new Error(`docs/api-limits.md has no table row for ${first}`);
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

describe('docs/api-limits.md states the plans as contracts PLANS holds them', () => {
  it('the plan table: rate, monthly calls, price', () => {
    const free = row('Free');
    expect(free[1]).toBe(count(PLANS.free.requestsPerMinute));
    expect(free[2] ?? '').toMatch(new RegExp(`^${count(FREE_CALLS_PER_MONTH)}, then 429`));
    expect(free[3]).toBe('never billed');
    const pro = row('Pro');
    expect(pro[1]).toBe(count(PLANS.pro.requestsPerMinute));
    expect(pro[2] ?? '').toMatch(/^no cap/);
    expect(pro[3]).toBe(`every call, ${formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000 (${PRICE_MICROS_PER_CALL} micro-dollars a call)`);
  });

  it('the per-plan caps table', () => {
    const names: Record<PlanLimitId, string> = {
      activeAlerts: 'Active alerts',
      webhookAlerts: 'Alerts with a webhook',
      apiKeys: 'API keys',
      tasks: 'Tasks',
      uploads: 'Uploads kept at once',
      schedules: 'Task schedules',
    };
    for (const id of Object.keys(PLAN_LIMIT_LABELS) as PlanLimitId[]) {
      const cells = row(names[id]);
      expect(cells.slice(1, 3), id).toEqual([count(PLANS.free.limits[id]), count(PLANS.pro.limits[id])]);
    }
  });

  it('the RateLimit policy table: per-minute quotas per plan, the monthly one on Free only', () => {
    for (const name of ['key', 'account']) {
      expect(row(`\`"${name}"\``).slice(1, 4), name).toEqual([
        count(PLANS.free.requestsPerMinute),
        count(PLANS.pro.requestsPerMinute),
        '60',
      ]);
    }
    expect(PLANS.pro.monthlyQuota).toBeNull();
    expect(row('`"month"`').slice(1, 3)).toEqual([count(FREE_CALLS_PER_MONTH), '(none)']);
    expect(doc).toContain(
      `RateLimit-Policy: "key";q=${PLANS.free.requestsPerMinute};w=60, "account";q=${PLANS.free.requestsPerMinute};w=60, "month";q=${FREE_CALLS_PER_MONTH};w=2592000`,
    );
  });

  it('the budget table, messages and worked example', () => {
    const budget = row('Pro only');
    expect(budget[1]).toBe(formatUsd(MIN_BUDGET_CENTS * MICROS_PER_CENT));
    expect(budget[2]).toBe(formatUsd(MAX_BUDGET_CENTS * MICROS_PER_CENT));
    for (const message of Object.values(BUDGET_MESSAGES)) expect(doc.replace(/\s+/g, ' ')).toContain(message);
    const { warnCalls, capCalls } = budgetCalls(100);
    expect(doc).toContain(`\`$1.00\` → ${count(capCalls)})`);
    expect(doc).toContain(`${count(warnCalls)} for $1.00`);
  });
});
