import { marketHistoryInputSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { assetHistory, marketOverview } from '../../services/market/index.js';
import { protectedProcedure, publicProcedure } from '../trpc.js';

export const marketRouter = {
  // Public: the landing page and /market show what is tracked and where prices stand.
  overview: publicProcedure.query(({ ctx }) => marketOverview(ctx.deps)),
  // Signed-in: price history is part of what customers pay for (through /v1 later).
  history: protectedProcedure.input(marketHistoryInputSchema).query(({ ctx, input }) => assetHistory(ctx.deps, input)),
} satisfies TRPCRouterRecord;
