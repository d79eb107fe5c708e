import { updatePreferencesSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { getPreferences, updatePreferences } from '../../services/preferences/preferences.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in account's time zone, theme and number format; REST's /api/preferences does the same. */
export const preferencesRouter = {
  get: protectedProcedure.query(({ ctx }) => getPreferences(ctx.deps, {}, ctx.caller)),
  /** Any of the three; what is left out stays as it was. */
  update: protectedProcedure.input(updatePreferencesSchema).mutation(({ ctx, input }) => updatePreferences(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
