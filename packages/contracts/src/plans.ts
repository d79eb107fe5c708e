/**
 * The plans and prices that the pricing page states and the public API enforces (spec §9 names
 * several conflicting figures; these are the ones kept). Money is integer micro-dollars
 * (millionths of a US dollar), so costs add up exactly.
 */
export type PlanId = 'free' | 'pro';

export interface Plan {
  id: PlanId;
  name: string;
  /** Requests one account may make in any minute; the 429 answers carry Retry-After. */
  requestsPerMinute: number;
  /** Calls included each calendar month at no charge. */
  includedCallsPerMonth: number;
  /** Free stops at the included calls; Pro bills the calls beyond them pay-as-you-go. */
  beyondIncluded: 'refused' | 'billed';
}

/** Calls included every month on every plan. */
export const INCLUDED_CALLS_PER_MONTH = 1_000;

/** $0.15 per 1,000 calls. */
export const PRICE_MICROS_PER_1000_CALLS = 150_000;
/** Exactly 150 micro-dollars a call, so a bill never depends on how its calls were grouped. */
export const PRICE_MICROS_PER_CALL = PRICE_MICROS_PER_1000_CALLS / 1_000;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: { id: 'free', name: 'Free', requestsPerMinute: 100, includedCallsPerMonth: INCLUDED_CALLS_PER_MONTH, beyondIncluded: 'refused' },
  pro: { id: 'pro', name: 'Pro', requestsPerMinute: 1_000, includedCallsPerMonth: INCLUDED_CALLS_PER_MONTH, beyondIncluded: 'billed' },
};

const MICROS_PER_CENT = 10_000;

/** What `billableCalls` calls cost, in micro-dollars. */
export function costMicros(billableCalls: number): number {
  if (!Number.isSafeInteger(billableCalls) || billableCalls < 0) throw new RangeError('billableCalls must be a non-negative integer');
  return billableCalls * PRICE_MICROS_PER_CALL;
}

/** A month's charge on `plan` for `calls` calls, in micro-dollars (Free is never charged). */
export function monthlyChargeMicros(plan: Plan, calls: number): number {
  if (plan.beyondIncluded === 'refused') return 0;
  return costMicros(Math.max(0, calls - plan.includedCallsPerMonth));
}

/** USD with two decimals (spec §9), rounding half a cent up: 1_355_000 → "$1.36". */
export function formatUsd(micros: number): string {
  const cents = Math.floor((micros + MICROS_PER_CENT / 2) / MICROS_PER_CENT);
  const dollars = Math.floor(cents / 100);
  return `$${dollars.toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}
