import {
  creatorInputSchema,
  listQuerySchema,
  searchQuerySchema,
  summariesInputSchema,
  timelineInputSchema,
  topicInputSchema,
  trendingInputSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  creatorOverview,
  listPosts,
  platformSummaries,
  quickStats,
  searchPosts,
  socialTimeline,
  topicOverview,
  trendingTopics,
} from '../../services/social/index.js';
import { protectedProcedure } from '../trpc.js';

export const socialRouter = {
  // One procedure per platform, as REST has one path per platform: each answers its own row type,
  // which one procedure over a union of platforms could not tell the client.
  list: {
    twitter: protectedProcedure
      .input(listQuerySchema('twitter'))
      .query(({ ctx, input }) => listPosts(ctx.deps, { platform: 'twitter', query: input }, ctx.caller)),
    instagram: protectedProcedure
      .input(listQuerySchema('instagram'))
      .query(({ ctx, input }) => listPosts(ctx.deps, { platform: 'instagram', query: input }, ctx.caller)),
    facebook: protectedProcedure
      .input(listQuerySchema('facebook'))
      .query(({ ctx, input }) => listPosts(ctx.deps, { platform: 'facebook', query: input }, ctx.caller)),
    linkedin: protectedProcedure
      .input(listQuerySchema('linkedin'))
      .query(({ ctx, input }) => listPosts(ctx.deps, { platform: 'linkedin', query: input }, ctx.caller)),
  },
  search: protectedProcedure.input(searchQuerySchema).query(({ ctx, input }) => searchPosts(ctx.deps, input, ctx.caller)),
  summaries: protectedProcedure.input(summariesInputSchema).query(({ ctx, input }) => platformSummaries(ctx.deps, input)),
  trending: protectedProcedure.input(trendingInputSchema).query(({ ctx, input }) => trendingTopics(ctx.deps, input)),
  timeline: protectedProcedure.input(timelineInputSchema).query(({ ctx, input }) => socialTimeline(ctx.deps, input)),
  quickStats: protectedProcedure.query(({ ctx }) => quickStats(ctx.deps, {})),
  // The topic and creator pages: the shared dataset's, like the rest of analytics.
  topic: protectedProcedure.input(topicInputSchema).query(({ ctx, input }) => topicOverview(ctx.deps, input)),
  creator: protectedProcedure.input(creatorInputSchema).query(({ ctx, input }) => creatorOverview(ctx.deps, input)),
} satisfies TRPCRouterRecord;
