import { firstIssueMessage, listQuerySchema, searchQuerySchema, SOCIAL_PLATFORMS } from '@coinsight/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '../plugins/accounts.js';
import { listPosts, searchPosts } from '../services/social/index.js';

/** Parses a query string with the shared schema; the 400 names the first wrong parameter. */
function parseQuery<T extends z.ZodType>(schema: T, query: unknown, reply: FastifyReply): z.output<T> | undefined {
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  void reply.code(400).send({ error: firstIssueMessage(parsed.error) });
  return undefined;
}

/**
 * The social paths of spec §7: a page of one platform's posts, and the search across them. The
 * data is what customers pay for, so these need a signed-in user (the web app sends its token).
 */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  for (const platform of SOCIAL_PLATFORMS) {
    app.get(`/api/social/${platform}`, { preHandler: requireUser }, async (request, reply) => {
      const query = parseQuery(listQuerySchema(platform), request.query, reply);
      return query ? listPosts(app.db, platform, query) : reply;
    });
  }

  app.get('/api/social/search', { preHandler: requireUser }, async (request, reply) => {
    const query = parseQuery(searchQuerySchema, request.query, reply);
    return query ? searchPosts(app.db, query) : reply;
  });
}
