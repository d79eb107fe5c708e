import { webhookDeliveriesQuerySchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { listWebhookDeliveries } from '../../services/webhooks/deliveries.js';
import { getWebhookSecret, rotateWebhookSecret } from '../../services/webhooks/secrets.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in user's webhook signing secret and delivery log (docs/webhooks.md); only their own. */
export const webhooksRouter = {
  /** The signing secret, made on first use. */
  secret: protectedProcedure.query(({ ctx }) => getWebhookSecret(ctx.deps, {}, ctx.caller)),
  rotateSecret: protectedProcedure.mutation(({ ctx }) => rotateWebhookSecret(ctx.deps, {}, ctx.caller)),
  deliveries: protectedProcedure
    .input(webhookDeliveriesQuerySchema)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
