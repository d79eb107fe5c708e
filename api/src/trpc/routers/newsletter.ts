import { newsletterConfirmSchema, newsletterSubscribeSchema, newsletterUnsubscribeSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { siteLimits } from '../../services/site/limits.js';
import { confirmNewsletterSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } from '../../services/site/newsletter.js';
import { publicProcedure } from '../trpc.js';

export const newsletterRouter = {
  subscribe: publicProcedure.input(newsletterSubscribeSchema).mutation(({ ctx, input }) => {
    const limits = siteLimits(ctx.limits);
    return subscribeToNewsletter(
      {
        db: ctx.db,
        mailer: ctx.mailer,
        publicUrl: ctx.config.publicUrl,
        secret: ctx.config.jwtSecret,
        limits: { byIp: limits.newsletterByIp, byAddress: limits.newsletterByAddress },
      },
      ctx.client,
      input,
    );
  }),
  confirm: publicProcedure.input(newsletterConfirmSchema).mutation(({ ctx, input }) => confirmNewsletterSubscription({ db: ctx.db }, input)),
  unsubscribe: publicProcedure
    .input(newsletterUnsubscribeSchema)
    .mutation(({ ctx, input }) => unsubscribeFromNewsletter({ db: ctx.db, secret: ctx.config.jwtSecret }, input)),
} satisfies TRPCRouterRecord;
