import { apiKeyIdSchema, createApiKeySchema, renameApiKeySchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { createApiKey, deleteApiKey, listApiKeys, renameApiKey } from '../../services/api-keys/keys.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in user's /v1 keys (settings, api tab); another user's key is NOT_FOUND. */
export const apiKeysRouter = {
  list: protectedProcedure.query(({ ctx }) => listApiKeys(ctx.deps, {}, ctx.caller)),
  /** Answers the secret once; it cannot be read again. */
  create: protectedProcedure.input(createApiKeySchema).mutation(({ ctx, input }) => createApiKey(ctx.deps, input, ctx.caller)),
  rename: protectedProcedure.input(renameApiKeySchema).mutation(({ ctx, input }) => renameApiKey(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(apiKeyIdSchema).mutation(({ ctx, input }) => deleteApiKey(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
