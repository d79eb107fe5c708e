import { listQuerySchema, searchQuerySchema, summariesInputSchema, timelineInputSchema, trendingInputSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { listPosts, platformSummaries, quickStats, searchPosts, socialTimeline, trendingTopics } from '../../services/social/index.js';
import { protectedProcedure } from '../trpc.js';

export const socialRouter = {
  // One procedure per platform, as REST has one path per platform: each answers its own row type,
  // which one procedure over a union of platforms could not tell the client.
  list: {
    twitter: protectedProcedure.input(listQuerySchema('twitter')).query(({ ctx, input }) => listPosts(ctx.db, 'twitter', input)),
    instagram: protectedProcedure.input(listQuerySchema('instagram')).query(({ ctx, input }) => listPosts(ctx.db, 'instagram', input)),
    facebook: protectedProcedure.input(listQuerySchema('facebook')).query(({ ctx, input }) => listPosts(ctx.db, 'facebook', input)),
    linkedin: protectedProcedure.input(listQuerySchema('linkedin')).query(({ ctx, input }) => listPosts(ctx.db, 'linkedin', input)),
  },
  search: protectedProcedure.input(searchQuerySchema).query(({ ctx, input }) => searchPosts(ctx.db, input)),
  summaries: protectedProcedure.input(summariesInputSchema).query(({ ctx, input }) => platformSummaries(ctx.db, input.period)),
  trending: protectedProcedure.input(trendingInputSchema).query(({ ctx, input }) => trendingTopics(ctx.db, input)),
  timeline: protectedProcedure.input(timelineInputSchema).query(({ ctx, input }) => socialTimeline(ctx.db, input.period, input.platform)),
  quickStats: protectedProcedure.query(({ ctx }) => quickStats(ctx.db)),
} satisfies TRPCRouterRecord;
