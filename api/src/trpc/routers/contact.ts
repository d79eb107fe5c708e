import { contactMessageSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { sendContactMessage } from '../../services/site/contact.js';
import { publicProcedure } from '../trpc.js';

export const contactRouter = {
  /** Anyone may write; a signed-in sender's copy spends their account's mail budget. */
  send: publicProcedure.input(contactMessageSchema).mutation(({ ctx, input }) => sendContactMessage(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
