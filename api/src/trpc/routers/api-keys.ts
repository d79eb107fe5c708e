import { apiKeyIdSchema, createApiKeySchema, renameApiKeySchema, v1RequestLogQuerySchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { createApiKey, deleteApiKey, listApiKeys, renameApiKey } from '../../services/api-keys/keys.js';
import { listRequestLogs } from '../../services/request-log/list.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in user's /v1 keys (settings, api tab); another user's key is NOT_FOUND. */
export const apiKeysRouter = {
  list: protectedProcedure.query(({ ctx }) => listApiKeys(ctx.deps, {}, ctx.caller)),
  /** Answers the secret once; it cannot be read again. */
  create: protectedProcedure.input(createApiKeySchema).mutation(({ ctx, input }) => createApiKey(ctx.deps, input, ctx.caller)),
  rename: protectedProcedure.input(renameApiKeySchema).mutation(({ ctx, input }) => renameApiKey(ctx.deps, input, ctx.caller)),
  /** The request log of every key (the settings api tab's Requests table): the same page as GET /v1/usage/requests. */
  requests: protectedProcedure.input(v1RequestLogQuerySchema).query(({ ctx, input }) => listRequestLogs(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(apiKeyIdSchema).mutation(({ ctx, input }) => deleteApiKey(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
