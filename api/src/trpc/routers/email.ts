import { sendEmailSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { siteLimits } from '../../services/site/limits.js';
import { sendUserEmail } from '../../services/site/send-email.js';
import { protectedProcedure } from '../trpc.js';

export const emailRouter = {
  /** The Send Email panel: signed-in users only, so every message has an accountable sender. */
  send: protectedProcedure
    .input(sendEmailSchema)
    .mutation(({ ctx, input }) =>
      sendUserEmail({ mailer: ctx.mailer, limit: siteLimits(ctx.limits).sendEmailByUser, publicUrl: ctx.config.publicUrl }, ctx.user, input),
    ),
} satisfies TRPCRouterRecord;
