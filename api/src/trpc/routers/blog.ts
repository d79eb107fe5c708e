import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { BLOG_POST_NOT_FOUND_MESSAGE } from '@coinsight/contracts';
import { blogIndex, blogPostBySlug } from '../../services/site/blog.js';
import { publicProcedure } from '../trpc.js';

// Whatever the address holds, the answer is a post or "not found", never a validation error.
const bySlugInput = z.object({ slug: z.string({ error: BLOG_POST_NOT_FOUND_MESSAGE }) });

export const blogRouter = {
  list: publicProcedure.query(({ ctx }) => blogIndex(ctx.deps, {})),
  bySlug: publicProcedure.input(bySlugInput).query(({ ctx, input }) => blogPostBySlug(ctx.deps, input)),
} satisfies TRPCRouterRecord;
