import { listQuerySchema, searchQuerySchema, summariesInputSchema, timelineInputSchema, trendingInputSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  listPosts,
  platformSummaries,
  quickStats,
  searchPosts,
  socialReads,
  socialTimeline,
  trendingTopics,
} from '../../services/social/index.js';
import { protectedProcedure } from '../trpc.js';

export const socialRouter = {
  // One procedure per platform, as REST has one path per platform: each answers its own row type,
  // which one procedure over a union of platforms could not tell the client.
  list: {
    twitter: protectedProcedure
      .input(listQuerySchema('twitter'))
      .query(({ ctx, input }) => listPosts(socialReads(ctx.deps), { platform: 'twitter', query: input, userId: ctx.user.id })),
    instagram: protectedProcedure
      .input(listQuerySchema('instagram'))
      .query(({ ctx, input }) => listPosts(socialReads(ctx.deps), { platform: 'instagram', query: input, userId: ctx.user.id })),
    facebook: protectedProcedure
      .input(listQuerySchema('facebook'))
      .query(({ ctx, input }) => listPosts(socialReads(ctx.deps), { platform: 'facebook', query: input, userId: ctx.user.id })),
    linkedin: protectedProcedure
      .input(listQuerySchema('linkedin'))
      .query(({ ctx, input }) => listPosts(socialReads(ctx.deps), { platform: 'linkedin', query: input, userId: ctx.user.id })),
  },
  search: protectedProcedure
    .input(searchQuerySchema)
    .query(({ ctx, input }) => searchPosts(socialReads(ctx.deps), { query: input, userId: ctx.user.id })),
  summaries: protectedProcedure.input(summariesInputSchema).query(({ ctx, input }) => platformSummaries(socialReads(ctx.deps), input)),
  trending: protectedProcedure.input(trendingInputSchema).query(({ ctx, input }) => trendingTopics(socialReads(ctx.deps), input)),
  timeline: protectedProcedure.input(timelineInputSchema).query(({ ctx, input }) => socialTimeline(socialReads(ctx.deps), input)),
  quickStats: protectedProcedure.query(({ ctx }) => quickStats(socialReads(ctx.deps))),
} satisfies TRPCRouterRecord;
