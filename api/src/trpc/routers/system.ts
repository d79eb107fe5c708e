import type { TRPCRouterRecord } from '@trpc/server';
import { checkHealth } from '../../services/health.js';
import { publicProcedure } from '../trpc.js';

export const systemRouter = {
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx.deps, {})),
} satisfies TRPCRouterRecord;
