import type { TRPCRouterRecord } from '@trpc/server';
import { checkHealth } from '../../services/health.js';
import { VERSION } from '../../version.js';
import { publicProcedure } from '../trpc.js';

export const systemRouter = {
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx.db, VERSION)),
} satisfies TRPCRouterRecord;
