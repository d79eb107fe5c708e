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
        return listPosts(ctx.deps, { platform: 'twitter', query: input.query });
      case 'instagram':
        return listPosts(ctx.deps, { platform: 'instagram', query: input.query });
      case 'facebook':
        return listPosts(ctx.deps, { platform: 'facebook', query: input.query });
      case 'linkedin':
        return listPosts(ctx.deps, { platform: 'linkedin', query: input.query });
    }
  }),
  search: protectedProcedure.input(searchQuerySchema).query(({ ctx, input }) => searchPosts(ctx.deps, input)),
  summaries: protectedProcedure.input(summariesInputSchema).query(({ ctx, input }) => platformSummaries(ctx.deps, input)),
  trending: protectedProcedure.input(trendingInputSchema).query(({ ctx, input }) => trendingTopics(ctx.deps, input)),
  timeline: protectedProcedure.input(timelineInputSchema).query(({ ctx, input }) => socialTimeline(ctx.deps, input)),
  quickStats: protectedProcedure.query(({ ctx }) => quickStats(ctx.deps)),
} satisfies TRPCRouterRecord;
