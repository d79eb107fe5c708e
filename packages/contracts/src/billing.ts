import { z } from 'zod';
import { PLAN_IDS, type PlanId } from './plans.js';
import type { UsageSummary } from './v1/usage.js';

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
