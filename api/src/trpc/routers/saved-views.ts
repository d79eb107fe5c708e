import { createSavedViewSchema, listSavedViewsSchema, renameSavedViewSchema, savedViewIdSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { createSavedView, deleteSavedView, listSavedViews, renameSavedView } from '../../services/saved-views/views.js';
import { protectedProcedure } from '../trpc.js';

/** The caller's named views of a table (filters, sort, columns); REST's /api/saved-views does the same. */
export const savedViewsRouter = {
  list: protectedProcedure.input(listSavedViewsSchema).query(({ ctx, input }) => listSavedViews(ctx.deps, input, ctx.caller)),
  create: protectedProcedure.input(createSavedViewSchema).mutation(({ ctx, input }) => createSavedView(ctx.deps, input, ctx.caller)),
  rename: protectedProcedure.input(renameSavedViewSchema).mutation(({ ctx, input }) => renameSavedView(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(savedViewIdSchema).mutation(({ ctx, input }) => deleteSavedView(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
