import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRouter } from './root.js';

export type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

/**
 * tRPC at `/trpc/:path`, as `@trpc/server/adapters/fastify` serves it, with a shorter road for
 * the calls that are most of the traffic: GET batches of queries.
 *
 * The library's adapter turns every request into a WHATWG `Request` wired to an AbortController
 * that it aborts when the response closes (a DOMException with a stack trace, on every request),
 * and streams the WHATWG `Response` back through Fastify in chunks. Profiled in process, that took
 * 40 % of a cached `social.list` call (0.88 → 0.52 ms a call). A query batch needs neither: its
 * answer is one JSON document, and its statements are bounded by their own timeouts. So such
 * calls go through tRPC's own `resolveResponse` with a plain `Request`, and the answer is sent as
 * one string. Everything else (mutations, subscriptions, streamed answers a client asks for with
 * `trpc-accept`, unknown paths) goes through the library's handler unchanged.
 */
export const trpcPlugin: FastifyPluginAsync<{ trpcOptions: TrpcOptions }> = async (app, { trpcOptions }) => {
  // As the library's plugin does: tRPC parses bodies itself (this plugin is encapsulated).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
  // Any other type reaches tRPC too, which answers it 415 in its own error shape (the app's root
  // scope has no text/plain parser: plugins/input.ts).
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const router: AnyTRPCRouter = trpcOptions.router;
  // Typed as the nested router record, but held flat: dotted path ('social.list.twitter') → procedure.
  const queries = new Set(
    Object.entries(router._def.procedures)
      .filter(([, procedure]) => (procedure as AnyTRPCProcedure)._def.type === 'query')
      .map(([path]) => path),
  );
  const isQueryBatch = (req: FastifyRequest, path: string) =>
    req.method === 'GET' &&
    req.headers['trpc-accept'] === undefined &&
    !req.headers.accept?.includes('text/event-stream') &&
    path.split(',').every((name) => queries.has(name));

  // Control characters in the input: the procedure middleware (trpc.ts) answers them, not plugins/input.ts.
  app.all<{ Params: { path: string } }>('/:path', { config: { checksOwnInput: true } }, async (req, reply) => {
    const { path } = req.params;
    if (!isQueryBatch(req, path)) return fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
    return sendQueries(req, reply, path, trpcOptions);
  });
};

async function sendQueries(req: FastifyRequest, reply: FastifyReply, path: string, options: TrpcOptions) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const { createContext, onError } = options;
  const response = await resolveResponse<AppRouter>({
    ...options,
    // Only the query string and headers are read, never the host: a bad Host header must not throw here.
    req: new Request(`http://localhost${req.url}`, { method: 'GET', headers }),
    path,
    error: null,
    createContext: async ({ info }) => createContext({ req, res: reply, info }),
    onError: onError ? (error) => onError({ ...error, req }) : undefined,
  });
  reply.status(response.status);
  response.headers.forEach((value, name) => reply.header(name, value));
  return reply.send(await response.text());
}
