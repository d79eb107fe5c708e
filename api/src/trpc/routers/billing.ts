import { changePlanSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { billingSummary, changePlan } from '../../services/billing/usage.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in user's plan and this month's API usage (settings, billing tab). */
export const billingRouter = {
  summary: protectedProcedure.query(({ ctx }) => billingSummary(ctx.deps, {}, ctx.caller)),
  /** Records the change and applies it from the next call; payment is not taken yet. */
  changePlan: protectedProcedure.input(changePlanSchema).mutation(({ ctx, input }) => changePlan(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
