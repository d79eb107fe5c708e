import { sendEmailSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { sendUserEmail } from '../../services/site/send-email.js';
import { protectedProcedure } from '../trpc.js';

export const emailRouter = {
  /** The Send Email panel: signed-in users only, so every message has an accountable sender. */
  send: protectedProcedure.input(sendEmailSchema).mutation(({ ctx, input }) => sendUserEmail(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
