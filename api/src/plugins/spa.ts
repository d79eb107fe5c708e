import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Paths that belong to the API (and the client downloads): never answered with the SPA, always with JSON. */
export const API_PREFIXES = ['/api/', '/v1/', '/trpc/', '/downloads/'];

/**
 * Bare prefixes that are still the API's. `/api` alone is not: it is the SPA's API reference
 * page (docs/product.md §2 route table), while everything under `/api/` stays the REST prefix.
 */
const BARE_API_PATHS = ['/v1', '/trpc'];

export function isApiPath(pathname: string): boolean {
  return BARE_API_PATHS.includes(pathname) || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and
 * index.html for any other GET that looks like a client route (no file extension).
 */
export const spaPlugin = fp<{ webRoot: string | undefined }>(
  async (app, { webRoot }) => {
    if (webRoot) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: true,
        // web's build writes .br and .gz beside each asset; browsers that accept them get those.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
      const clientRoute = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !lastSegment.includes('.');
      if (webRoot && clientRoute) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: `Not found: ${request.method} ${pathname}` });
    });
  },
  { name: 'spa' },
);
