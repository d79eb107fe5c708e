import { z } from 'zod';
import { PLAN_IDS } from '../plans.js';
import { asOfSchema } from './common.js';

/** A Pro account's monthly budget (billing tab, billing.setBudget). */
export const v1BudgetSchema = z.object({
  amountMicros: z.number().int().describe('The budget in millionths of a US dollar'),
  amountUsd: z.string().describe('The same budget in USD, e.g. "$50.00"'),
  hardCap: z.boolean().describe('Calls past the budget are refused (402 budget_exceeded) instead of billed'),
  calls: z.number().int().describe('The most calls a month whose cost fits the budget'),
  usedPercent: z.number().int().describe("This month's cost in percent of the budget, rounded down"),
  reached: z.array(z.union([z.literal(80), z.literal(100)])).describe('The thresholds (percent) reached and mailed about this month'),
});

/** GET /v1/usage: this account's usage this month (the billing tab's figures) and this key's calls. */
export const v1UsageSummarySchema = z.object({
  plan: z.enum(PLAN_IDS),
  periodStart: z.string().describe('Start of the calendar month (UTC), inclusive'),
  periodEnd: z.string().describe('End of the calendar month (UTC), exclusive'),
  calls: z.number().int().describe('Successful billable calls this month, every key of the account'),
  quota: z.number().int().nullable().describe("The plan's calls a month; null without a cap (Pro)"),
  remaining: z.number().int().nullable().describe('What is left of the quota; null without one'),
  billedCalls: z.number().int().describe('Calls made on a billed plan'),
  costMicros: z.number().int().describe('Their cost in millionths of a US dollar'),
  costUsd: z.string().describe('The same cost in USD, e.g. "0.15"'),
  projectedCalls: z
    .number()
    .int()
    .describe("Calls projected to the end of the month: this month's calls so far, linear on the time elapsed (at least one hour)"),
  projectedCostMicros: z
    .number()
    .int()
    .describe(
      "The month's projected cost in millionths of a US dollar: billed calls projected the same way, no more than a hard cap allows",
    ),
  projectedCostUsd: z.string().describe('The same projection in USD, e.g. "$4.50"'),
  budget: v1BudgetSchema.nullable().describe("The account's monthly budget on Pro; null without one (or on Free)"),
  asOf: asOfSchema,
});
/**
 * This calendar month's (UTC) usage of one account, as the billing tab and GET /v1/usage show it:
 * the same function answers both, so they agree to the call.
 */
export type UsageSummary = z.output<typeof v1UsageSummarySchema>;

export const v1UsageResponseSchema = v1UsageSummarySchema.extend({
  key: z
    .object({ id: z.number().int(), name: z.string(), calls: z.number().int() })
    .describe('The key this call was made with, and its calls this month'),
});
export type V1UsageResponse = z.output<typeof v1UsageResponseSchema>;
