/**
 * The plans and prices that the pricing page states and the public API enforces (Free
 * 100 requests a minute and 1,000 calls a month; Pro 1,000 requests a minute, every call billed at
 * $0.15 per 1,000). Money is integer micro-dollars (millionths of a US dollar), so costs add up
 * exactly.
 */
import { UPLOAD_TTL_HOURS } from './tasks.js';

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
  /** What an account on this plan may keep at once (docs/security.md §26). */
  limits: PlanLimits;
}

/**
 * Everything an account can create in numbers is capped, so one account cannot flood the alert
 * checker, the webhook sender, the task workers or the disk (docs/security.md §26). Free is
 * generous for a person trying the product; Pro for a team running it in production.
 */
export interface PlanLimits {
  /** Alerts armed or fired but not paused (paused ones are kept without a cap: they cost nothing). */
  activeAlerts: number;
  /** Alerts that POST to a webhook URL, paused or not. */
  webhookAlerts: number;
  /** Live (not deleted) API keys. */
  apiKeys: number;
  /** Tasks kept in the account, finished ones included (delete old ones to make room). */
  tasks: number;
  /** Uploaded files kept at once; each is deleted UPLOAD_TTL_HOURS after it arrives. */
  uploads: number;
  /** Task schedules, paused ones included (each keeps its latest runs only). */
  schedules: number;
}
export type PlanLimitId = keyof PlanLimits;

const FREE_LIMITS: PlanLimits = { activeAlerts: 20, webhookAlerts: 5, apiKeys: 5, tasks: 50, uploads: 10, schedules: 5 };
const PRO_LIMITS: PlanLimits = { activeAlerts: 200, webhookAlerts: 50, apiKeys: 20, tasks: 500, uploads: 100, schedules: 50 };

/** The Free plan's calls per calendar month (UTC). */
export const FREE_CALLS_PER_MONTH = 1_000;

/** $0.15 per 1,000 calls. */
export const PRICE_MICROS_PER_1000_CALLS = 150_000;
/** Exactly 150 micro-dollars a call, so a bill never depends on how its calls were grouped. */
export const PRICE_MICROS_PER_CALL = PRICE_MICROS_PER_1000_CALLS / 1_000;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: { id: 'free', name: 'Free', requestsPerMinute: 100, monthlyQuota: FREE_CALLS_PER_MONTH, billed: false, limits: FREE_LIMITS },
  pro: { id: 'pro', name: 'Pro', requestsPerMinute: 1_000, monthlyQuota: null, billed: true, limits: PRO_LIMITS },
};

/** How each cap is named to a person, and what frees a place under it. */
export const PLAN_LIMIT_LABELS: Readonly<Record<PlanLimitId, { name: string; remedy: string }>> = {
  activeAlerts: { name: 'active alerts', remedy: 'Delete or pause one' },
  webhookAlerts: { name: 'alerts with a webhook or chat channel', remedy: 'Delete one or remove its webhook and channels' },
  apiKeys: { name: 'API keys', remedy: 'Delete one you no longer use' },
  tasks: { name: 'tasks', remedy: 'Delete a finished one' },
  uploads: { name: 'uploaded files kept at once', remedy: `Wait for one to expire (files are kept ${UPLOAD_TTL_HOURS} hours)` },
  schedules: { name: 'task schedules', remedy: 'Delete one' },
};

/**
 * The 403 answered at a cap, on every surface: it names the cap and the plan, what frees a place,
 * and (on Free) what Pro allows. 403, not 429: waiting does not help, only deleting or upgrading.
 */
export function planLimitMessage(planId: PlanId, limit: PlanLimitId): string {
  const plan = PLANS[planId];
  const label = PLAN_LIMIT_LABELS[limit];
  const upgrade = planId === 'free' ? `, or upgrade to Pro for ${PLANS.pro.limits[limit].toLocaleString('en-US')}` : '';
  return `Your ${plan.name} plan allows ${plan.limits[limit].toLocaleString('en-US')} ${label.name}. ${label.remedy} to add another${upgrade}.`;
}

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

/** USD with two decimals (docs/product.md §9), rounding half a cent up: 1_355_000 → "$1.36". */
export function formatUsd(micros: number): string {
  const cents = Math.floor((micros + MICROS_PER_CENT / 2) / MICROS_PER_CENT);
  const dollars = Math.floor(cents / 100);
  return `$${dollars.toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}
