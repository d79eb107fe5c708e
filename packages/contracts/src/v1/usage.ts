import { z } from 'zod';
import { PLAN_IDS } from '../plans.js';
import { asOfSchema, timestampSchema } from './common.js';

/** Money as /v1 and the billing tab show it: US dollars, two decimals, thousands grouped (formatUsd). */
const usd = (description: string) =>
  z
    .string()
    .regex(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
    .describe(description);

/** A Pro account's monthly budget (billing tab, billing.setBudget). */
export const v1BudgetSchema = z
  .object({
    amountMicros: z.number().int().describe('The budget in millionths of a US dollar'),
    amountUsd: usd('The same budget in USD, e.g. "$50.00"'),
    hardCap: z.boolean().describe('Calls past the budget are refused (402 budget_exceeded) instead of billed'),
    calls: z.number().int().describe('The most calls a month whose cost fits the budget'),
    usedPercent: z.number().int().describe("This month's cost in percent of the budget, rounded down"),
    reached: z.array(z.union([z.literal(80), z.literal(100)])).describe('The thresholds (percent) reached and mailed about this month'),
  })
  .meta({ id: 'Budget' });

/** GET /v1/usage: this account's usage this month (the billing tab's figures) and this key's calls. */
export const v1UsageSummarySchema = z.object({
  plan: z.enum(PLAN_IDS),
  periodStart: timestampSchema('Start of the calendar month (UTC), inclusive'),
  periodEnd: timestampSchema('End of the calendar month (UTC), exclusive'),
  calls: z.number().int().describe('Successful billable calls this month, every key of the account'),
  quota: z.number().int().nullable().describe("The plan's calls a month; null without a cap (Pro)"),
  remaining: z.number().int().nullable().describe('What is left of the quota; null without one'),
  billedCalls: z.number().int().describe('Calls made on a billed plan'),
  costMicros: z.number().int().describe('Their cost in millionths of a US dollar'),
  costUsd: usd('The same cost in USD for display, rounded to the cent, e.g. "$0.15"; `costMicros` is exact'),
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
  projectedCostUsd: usd('The same projection in USD, e.g. "$4.50"'),
  budget: v1BudgetSchema.nullable().describe("The account's monthly budget on Pro; null without one (or on Free)"),
  asOf: asOfSchema,
});
/**
 * This calendar month's (UTC) usage of one account, as the billing tab and GET /v1/usage show it:
 * the same function answers both, so they agree to the call.
 */
export type UsageSummary = z.output<typeof v1UsageSummarySchema>;

export const v1UsageResponseSchema = v1UsageSummarySchema
  .extend({
    key: z
      .object({ id: z.number().int(), name: z.string(), calls: z.number().int() })
      .meta({ id: 'KeyUsage', description: 'The key this call was made with, and its calls this month' }),
  })
  .meta({ id: 'Usage' });
export type V1UsageResponse = z.output<typeof v1UsageResponseSchema>;
