import {
  DOWNLOAD_ROW_LIMIT,
  downloadQuerySchema,
  listQuerySchema,
  searchDownloadQuerySchema,
  searchQuerySchema,
  SOCIAL_PLATFORMS,
} from '@coinsight/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { jsonOnce } from '../services/json-once.js';
import { downloadPosts, downloadSearch, listPosts, searchPosts, type PostDownload } from '../services/social/index.js';
import { signedInCallerOf } from './client.js';

/**
 * The social paths of docs/product.md §7: a page of one platform's posts, and the search across them. The
 * data is what customers pay for, so these need a signed-in user (the web app sends its token);
 * `dataset=mine` reads that user's own posts.
 */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  for (const platform of SOCIAL_PLATFORMS) {
    // A bad parameter throws a ZodError: the central error handler answers 400 with its message.
    const schema = listQuerySchema(platform);
    app.get(`/api/social/${platform}`, { preHandler: requireUser }, async (request, reply) =>
      sendJson(reply, await listPosts(app.deps, { platform, query: schema.parse(request.query) }, signedInCallerOf(request))),
    );
    // The table's rows as a file (docs/social-data.md, "Downloads"): its filters and sort, up to DOWNLOAD_ROW_LIMIT rows, streamed.
    const download = downloadQuerySchema(platform);
    app.get(`/api/social/${platform}/download`, { preHandler: requireUser }, async (request, reply) =>
      sendFile(reply, await downloadPosts(app.deps, { platform, query: download.parse(request.query) }, signedInCallerOf(request))),
    );
  }

  app.get('/api/social/search', { preHandler: requireUser }, async (request, reply) =>
    sendJson(reply, await searchPosts(app.deps, searchQuerySchema.parse(request.query), signedInCallerOf(request))),
  );
  // The explorer's results as a file: every result its "load more" reaches, in its order.
  app.get('/api/social/search/download', { preHandler: requireUser }, async (request, reply) =>
    sendFile(reply, await downloadSearch(app.deps, searchDownloadQuerySchema.parse(request.query), signedInCallerOf(request))),
  );
}

/** A download as an attachment, streamed, with what it holds in its headers (docs/social-data.md, "Downloads"). */
function sendFile(reply: FastifyReply, file: PostDownload) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-download-limit', String(DOWNLOAD_ROW_LIMIT))
    .header('x-download-truncated', String(file.truncated));
  if (file.rows !== null) reply.header('x-download-rows', String(file.rows));
  return reply.send(file.stream);
}

/** A read-cache answer as its JSON, made once per answer (services/json-once.ts); the same content type Fastify gives an object. */
function sendJson(reply: FastifyReply, answer: object) {
  return reply.type('application/json; charset=utf-8').serializer(asIs).send(jsonOnce(answer));
}

const asIs = (payload: unknown) => payload as string;
