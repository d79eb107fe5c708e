import { newsletterSubscribeSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { siteLimits } from '../../services/site/limits.js';
import { subscribeToNewsletter } from '../../services/site/newsletter.js';
import { publicProcedure } from '../trpc.js';

export const newsletterRouter = {
  subscribe: publicProcedure
    .input(newsletterSubscribeSchema)
    .mutation(({ ctx, input }) => subscribeToNewsletter({ db: ctx.db, limit: siteLimits(ctx.limits).newsletterByIp }, ctx.client, input)),
} satisfies TRPCRouterRecord;
