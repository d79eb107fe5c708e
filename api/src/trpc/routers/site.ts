import type { SiteContact } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { siteStats } from '../../services/site/stats.js';
import { publicProcedure } from '../trpc.js';

export const siteRouter = {
  stats: publicProcedure.query(({ ctx }) => siteStats(ctx.db)),
  contact: publicProcedure.query(({ ctx }): SiteContact => ({ email: ctx.config.contactEmail ?? null })),
} satisfies TRPCRouterRecord;
