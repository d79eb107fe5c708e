import { changePlanSchema, setBudgetSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { setBudget } from '../../services/billing/budget.js';
import { billingSummary, changePlan } from '../../services/billing/usage.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in user's plan and this month's API usage (settings, billing tab). */
export const billingRouter = {
  summary: protectedProcedure.query(({ ctx }) => billingSummary(ctx.deps, ctx.user.id)),
  /** Records the change and applies it from the next call; payment is not taken yet. */
  changePlan: protectedProcedure.input(changePlanSchema).mutation(({ ctx, input }) => changePlan(ctx.deps, input, ctx.user.id)),
  /** A Pro account's monthly budget (80%/100% mail, optional hard cap); answers the billing tab's figures after it. */
  setBudget: protectedProcedure.input(setBudgetSchema).mutation(async ({ ctx, input }) => {
    await setBudget(ctx.deps, input, ctx.user.id);
    return billingSummary(ctx.deps, ctx.user.id);
  }),
} satisfies TRPCRouterRecord;
