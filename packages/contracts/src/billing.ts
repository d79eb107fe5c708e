import { z } from 'zod';
import { PLAN_IDS, type PlanId } from './plans.js';

export const changePlanSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: `plan must be one of: ${PLAN_IDS.join(', ')}` }),
});
export type ChangePlanInput = z.input<typeof changePlanSchema>;

/** One key's calls this month, for the per-key split (deleted keys keep their calls and name). */
export interface KeyUsage {
  id: number;
  name: string;
  prefix: string;
  deleted: boolean;
  calls: number;
}

/**
 * This calendar month's (UTC) usage of one account, as the billing tab and GET /v1/usage show it:
 * the same function answers both, so they agree to the call.
 */
export interface UsageSummary {
  plan: PlanId;
  /** Start (inclusive) and end (exclusive) of the calendar month, UTC, ISO 8601. */
  periodStart: string;
  periodEnd: string;
  /** Successful (2xx) billable calls this month with every key of the account. */
  calls: number;
  /** The plan's calls a month; null when it has no cap (Pro). */
  quota: number | null;
  /** What is left of the quota; null without one. */
  remaining: number | null;
  /** Calls made while on a billed plan (Pro), and what they cost: integer micro-dollars and USD. */
  billedCalls: number;
  costMicros: number;
  costUsd: string;
  asOf: string;
}

export interface DailyUsage {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
}

export interface PlanChange {
  from: PlanId;
  to: PlanId;
  at: string;
}

export interface BillingSummary {
  usage: UsageSummary;
  /** Every day of the month so far, zeros included, oldest first. */
  daily: DailyUsage[];
  keys: KeyUsage[];
  /** The latest plan changes, newest first. */
  planChanges: PlanChange[];
}
