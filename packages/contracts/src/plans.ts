/**
 * The plans and prices that the pricing page states and the public API enforces (issue 11: Free
 * 100 requests a minute and 1,000 calls a month; Pro 1,000 requests a minute, every call billed at
 * $0.15 per 1,000). Money is integer micro-dollars (millionths of a US dollar), so costs add up
 * exactly.
 */
export type PlanId = 'free' | 'pro';
export const PLAN_IDS = ['free', 'pro'] as const satisfies readonly PlanId[];

export interface Plan {
  id: PlanId;
  name: string;
  /** Requests one API key, and one account, may make in any minute; past it 429 with Retry-After. */
  requestsPerMinute: number;
  /** Calls a calendar month (UTC) allows; null: no cap. Free stops there, never billed. */
  monthlyQuota: number | null;
  /** Whether every call made on this plan is billed at PRICE_MICROS_PER_CALL. */
  billed: boolean;
}

/** The Free plan's calls per calendar month (UTC). */
export const FREE_CALLS_PER_MONTH = 1_000;

/** $0.15 per 1,000 calls. */
export const PRICE_MICROS_PER_1000_CALLS = 150_000;
/** Exactly 150 micro-dollars a call, so a bill never depends on how its calls were grouped. */
export const PRICE_MICROS_PER_CALL = PRICE_MICROS_PER_1000_CALLS / 1_000;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: { id: 'free', name: 'Free', requestsPerMinute: 100, monthlyQuota: FREE_CALLS_PER_MONTH, billed: false },
  pro: { id: 'pro', name: 'Pro', requestsPerMinute: 1_000, monthlyQuota: null, billed: true },
};

const MICROS_PER_CENT = 10_000;

/** What `billableCalls` calls cost, in micro-dollars. */
export function costMicros(billableCalls: number): number {
  if (!Number.isSafeInteger(billableCalls) || billableCalls < 0) throw new RangeError('billableCalls must be a non-negative integer');
  return billableCalls * PRICE_MICROS_PER_CALL;
}

/** A month's charge for `calls` calls made on `plan`, in micro-dollars (Free is never charged). */
export function monthlyChargeMicros(plan: Plan, calls: number): number {
  return plan.billed ? costMicros(calls) : 0;
}

/** USD with two decimals (spec §9), rounding half a cent up: 1_355_000 → "$1.36". */
export function formatUsd(micros: number): string {
  const cents = Math.floor((micros + MICROS_PER_CENT / 2) / MICROS_PER_CENT);
  const dollars = Math.floor(cents / 100);
  return `$${dollars.toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}
