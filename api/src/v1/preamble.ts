import type { FastifyInstance } from 'fastify';
import { authenticateApiKey } from './auth.js';
import { v1ErrorHandler } from './errors.js';

/**
 * What every surface called with an API key (/v1, /mcp) does first, in this order: every answer
 * carries `X-Request-Id`; a browser's preflight is answered 204 without any Access-Control-Allow-*
 * header, so no web page may call it with a key (a key in browser code is a leaked key:
 * docs/api-v1.md), before the key check, which a preflight never carries, and never metered;
 * then `Authorization: Bearer <key>` is required (401 before anything else, unknown paths
 * included); every error answers in /v1's shape. Each surface adds its own limits after it.
 */
export function keyedApiPreamble(app: FastifyInstance): void {
  app.decorateRequest('apiKey', null as never);
  app.setErrorHandler(v1ErrorHandler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return reply.code(204).header('cache-control', 'no-store').send();
  });
  app.addHook('onRequest', authenticateApiKey);
}
