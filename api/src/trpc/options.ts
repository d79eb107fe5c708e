import type { FastifyBaseLogger } from 'fastify';
import { logAuthorizationFailure } from '../services/errors.js';
import { createContext } from './context.js';
import type { TrpcOptions } from './fastify-plugin.js';
import { appRouter } from './root.js';

/** More than any page asks for at once. */
export const TRPC_MAX_BATCH_SIZE = 50;

/**
 * How the app serves its router over HTTP (app.ts). Apart from app.ts so that
 * fastify-plugin.int.test.ts can serve the same router, with the same options, through the
 * library's own Fastify adapter and compare the answers.
 */
export function trpcOptions(log: FastifyBaseLogger): TrpcOptions {
  return {
    router: appRouter,
    createContext,
    // One HTTP request must not stand for hundreds of calls; auth calls refuse batching altogether (context.ts).
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    // The errorFormatter puts the hint in the body; clients and proxies read the header, as on REST.
    responseMeta({ data }) {
      const retryAfter = Math.max(0, ...data.map((response) => ('error' in response ? (response.error.data.retryAfterSeconds ?? 0) : 0)));
      return retryAfter > 0 ? { headers: { 'Retry-After': String(retryAfter) } } : {};
    },
    onError({ error, path, req }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, path }, 'trpc procedure failed');
      logAuthorizationFailure(req.log, error.cause);
    },
  };
}
