import { contactMessageSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { sendContactMessage } from '../../services/site/contact.js';
import { siteLimits } from '../../services/site/limits.js';
import { publicProcedure } from '../trpc.js';

export const contactRouter = {
  send: publicProcedure.input(contactMessageSchema).mutation(({ ctx, input }) => {
    const limits = siteLimits(ctx.limits);
    return sendContactMessage(
      { db: ctx.db, mailer: ctx.mailer, contactEmail: ctx.config.contactEmail, limits: { byIp: limits.contactByIp, bySender: limits.contactBySender } },
      ctx.client,
      input,
    );
  }),
} satisfies TRPCRouterRecord;
