import { v1NoQuerySchema, v1OpenApiDocument, type V1OpenApiDocument } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../version.js';
import { v1RouteConfig } from '../response-schema.js';

/** Public, so the auth hook lets exactly this method and path through without a key (v1/auth.ts). */
export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * GET /v1/openapi.json: the OpenAPI 3.1 document of /v1, generated from the contracts' registry
 * of the same zod schemas the routes parse with. Built on the first call and kept: it changes
 * only with a deploy.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: V1OpenApiDocument | undefined;
  app.get('/openapi.json', { config: v1RouteConfig('getOpenApiDocument') }, async (request, reply) => {
    v1NoQuerySchema.parse(request.query);
    document ??= v1OpenApiDocument({ serverUrl: app.config.publicUrl, version: VERSION });
    return reply.header('cache-control', 'public, max-age=300').send(document);
  });
}
