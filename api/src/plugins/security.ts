import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '@coinsight/contracts';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers and CORS. The session token lives in localStorage (docs/product.md §4), so the SPA's
 * CSP leaves script injection nowhere to start: no inline scripts (but the theme's boot script,
 * allowed by its exact text's hash), no plugins, no foreign base.
 */
export const securityPlugin = fp<{ publicUrl: string; corsOrigins: string[] }>(
  async (app, { publicUrl, corsOrigins }) => {
    const https = publicUrl.startsWith('https:');
    // helmet's middleware made once: @fastify/helmet built it (parsing the CSP) on every request,
    // 3% of the server's CPU on a cached read. The headers go on every answer, set before routing.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_BOOT_SCRIPT_SOURCE],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // Only behind https: on http://localhost it would send the SPA's requests to https.
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
    const allowed = new Set(corsOrigins);
    const options = {
      // An allowlist, never the request's own Origin reflected back.
      origin: (origin: string | undefined, callback: (error: Error | null, allow: boolean) => void) =>
        callback(null, origin === undefined || allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'trpc-accept', 'x-trpc-source'],
      maxAge: 600,
    };
    await app.register(cors, {
      // /v1 and /mcp are for server-side keys only (docs/api-v1.md): no origin, not even ours, gets
      // CORS headers there; their preflights are answered by their own scopes (v1/index.ts, agents/mcp.ts).
      delegator: (request, callback) => callback(null, isKeyed(request.url) ? { ...options, origin: false } : options),
    });
  },
  { name: 'security' },
);

const isKeyed = (url: string | undefined) => url !== undefined && /^\/(?:v1|mcp)(?:[/?#]|$)/.test(url);

/** The CSP source allowing index.html's theme script (docs/web-app.md, "Preferences"), and only it. */
export const THEME_BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;
