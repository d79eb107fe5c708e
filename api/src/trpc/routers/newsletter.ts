import { newsletterSubscribeSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { subscribeToNewsletter } from '../../services/site/newsletter.js';
import { publicProcedure } from '../trpc.js';

export const newsletterRouter = {
  subscribe: publicProcedure.input(newsletterSubscribeSchema).mutation(({ ctx, input }) => subscribeToNewsletter(ctx.deps, input, ctx.client)),
} satisfies TRPCRouterRecord;
