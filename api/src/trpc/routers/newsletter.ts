import { newsletterConfirmSchema, newsletterSubscribeSchema, newsletterUnsubscribeSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { confirmNewsletterSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } from '../../services/site/newsletter.js';
import { publicProcedure } from '../trpc.js';

export const newsletterRouter = {
  subscribe: publicProcedure
    .input(newsletterSubscribeSchema)
    .mutation(({ ctx, input }) => subscribeToNewsletter(ctx.deps, input, ctx.caller)),
  confirm: publicProcedure.input(newsletterConfirmSchema).mutation(({ ctx, input }) => confirmNewsletterSubscription(ctx.deps, input)),
  unsubscribe: publicProcedure.input(newsletterUnsubscribeSchema).mutation(({ ctx, input }) => unsubscribeFromNewsletter(ctx.deps, input)),
} satisfies TRPCRouterRecord;
