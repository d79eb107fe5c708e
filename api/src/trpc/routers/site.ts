import type { SiteContact } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { siteStats } from '../../services/site/stats.js';
import { publicProcedure } from '../trpc.js';

export const siteRouter = {
  stats: publicProcedure.query(({ ctx }) => siteStats(ctx.deps, {})),
  contact: publicProcedure.query(({ ctx }): SiteContact => ({ email: ctx.deps.contactEmail ?? null })),
} satisfies TRPCRouterRecord;
