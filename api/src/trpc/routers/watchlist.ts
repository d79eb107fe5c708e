import { watchlistSetInputSchema, watchlistToggleInputSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { getWatchlist, setWatchlist, toggleWatchlist } from '../../services/watchlist/watchlist.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in account's watchlist (the stars of /market and asset pages, the dashboard's card); REST's /api/watchlist does the same. */
export const watchlistRouter = {
  get: protectedProcedure.query(({ ctx }) => getWatchlist(ctx.deps, {}, ctx.caller)),
  /** Star (`starred: true`) or unstar one coin. */
  toggle: protectedProcedure.input(watchlistToggleInputSchema).mutation(({ ctx, input }) => toggleWatchlist(ctx.deps, input, ctx.caller)),
  /** The whole list at once, in order. */
  set: protectedProcedure.input(watchlistSetInputSchema).mutation(({ ctx, input }) => setWatchlist(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
