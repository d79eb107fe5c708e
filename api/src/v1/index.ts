import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendV1Error } from './errors.js';
import { meteringHook, rateLimitHook, releaseHook } from './metering.js';
import { keyedApiPreamble } from './preamble.js';
import { recordRequestHook } from './request-log.js';
import { alertRoutes } from './routes/alerts.js';
import { assetRoutes } from './routes/assets.js';
import { cryptoHistoryRoutes } from './routes/crypto-history.js';
import { cryptoRoutes } from './routes/crypto.js';
import { dataRoutes } from './routes/data.js';
import { marketRoutes } from './routes/market.js';
import { openApiRoutes } from './routes/openapi.js';
import { socialRoutes } from './routes/social.js';
import { usageRoutes } from './routes/usage.js';
import { watchlistRoutes } from './routes/watchlist.js';
import './types.js';

/**
 * The /v1 routes, one plugin per area (v1/routes/<area>.ts), registered in this order. Each
 * plugin's paths are relative to /v1 (e.g. `app.get('/usage', …)` answers GET /v1/usage).
 * Add an area with one import and one line here.
 */
export const V1_ROUTES: FastifyPluginAsync[] = [
  usageRoutes,
  cryptoRoutes,
  cryptoHistoryRoutes,
  socialRoutes,
  marketRoutes,
  alertRoutes,
  dataRoutes,
  assetRoutes,
  watchlistRoutes,
  openApiRoutes,
];

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendV1Error(request, reply, 404, 'not_found', `Not found: ${request.method} ${request.url.split('?')[0] ?? ''}`);
}

/**
 * The metered public API, registered with prefix `/v1`. In this scope, in order: the
 * preamble it shares with /mcp (v1/preamble.ts: request id, preflight, the key); the per-minute limits (RateLimit-* headers on every
 * authenticated answer); the monthly quota's reservation before the handler, given back in onSend
 * unless the answer is a 2xx (v1/metering.ts, docs/api-limits.md); after the answer, the call goes to
 * the request log (v1/request-log.ts); and every error
 * answers `{ error: { code, message, requestId } }`.
 */
export async function v1Plugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('deps', null as never);
  app.decorateRequest('meteringReservation', null);
  app.decorateRequest('notBillable', false);
  // Hooks come before setNotFoundHandler so that unknown /v1 paths go through them too.
  keyedApiPreamble(app);
  app.addHook('onRequest', rateLimitHook);
  app.addHook('preHandler', meteringHook);
  app.addHook('onSend', releaseHook);
  app.addHook('onResponse', recordRequestHook);
  app.setNotFoundHandler(notFound);
  // The SPA's static files answer `GET /*` at the root: without these, an unknown GET under /v1
  // would be that route's (unauthenticated, REST-shaped) 404 instead of ours.
  // Not billable: a wrong path costs nothing, and needs no reservation to give back.
  app.all('/', { config: { billable: false } }, notFound);
  app.all('/*', { config: { billable: false } }, notFound);
  for (const routes of V1_ROUTES) await app.register(routes);
}
