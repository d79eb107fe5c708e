import {
  listInputSchema,
  searchQuerySchema,
  summariesInputSchema,
  timelineInputSchema,
  trendingInputSchema,
  type AnyPostPage,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { listPosts, platformSummaries, quickStats, searchPosts, socialTimeline, trendingTopics } from '../../services/social/index.js';
import { protectedProcedure } from '../trpc.js';

export const socialRouter = {
  list: protectedProcedure.input(listInputSchema).query(({ ctx, input }): Promise<AnyPostPage> => {
    // One branch per platform keeps each query's type tied to its platform's shape.
    switch (input.platform) {
      case 'twitter':
        return listPosts(ctx.db, 'twitter', input.query);
      case 'instagram':
        return listPosts(ctx.db, 'instagram', input.query);
      case 'facebook':
        return listPosts(ctx.db, 'facebook', input.query);
      case 'linkedin':
        return listPosts(ctx.db, 'linkedin', input.query);
    }
  }),
  search: protectedProcedure.input(searchQuerySchema).query(({ ctx, input }) => searchPosts(ctx.db, input)),
  summaries: protectedProcedure.input(summariesInputSchema).query(({ ctx, input }) => platformSummaries(ctx.db, input.period)),
  trending: protectedProcedure.input(trendingInputSchema).query(({ ctx, input }) => trendingTopics(ctx.db, input)),
  timeline: protectedProcedure.input(timelineInputSchema).query(({ ctx, input }) => socialTimeline(ctx.db, input.period, input.platform)),
  quickStats: protectedProcedure.query(({ ctx }) => quickStats(ctx.db)),
} satisfies TRPCRouterRecord;
