import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyApiKey } from '../services/api-keys/verify.js';
import { V1Error } from './errors.js';
import { OPENAPI_PATH } from './routes/openapi.js';

export const MISSING_KEY_MESSAGE = 'Missing API key: send it as Authorization: Bearer <key>';
export const MALFORMED_KEY_MESSAGE = 'Malformed API key';
export const INVALID_KEY_MESSAGE = 'Invalid API key';
export const PUBLIC_KEY_READ_ONLY_MESSAGE =
  'The public test key is read-only (GET operations): create a test key of your own on the API keys page to create alerts';

/**
 * onRequest hook of the /v1 scope: the key comes only from `Authorization: Bearer` (never a query
 * parameter or cookie, which end up in logs and caches). The check itself (shape, hash lookup,
 * last_used_at) is the api-keys service's (services/api-keys/verify.ts).
 */
export async function authenticateApiKey(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  request.deps = this.deps;
  // The one public /v1 route: its exact method and path, so nothing else slips through.
  if (isPublicRoute(request)) return;
  const secret = bearerSecret(request.headers.authorization);
  if (secret === null) return refuse(request, 'missing', MISSING_KEY_MESSAGE);
  const check = await verifyApiKey(this.deps, { secret });
  if (!check.ok) return refuse(request, check.reason, check.reason === 'malformed' ? MALFORMED_KEY_MESSAGE : INVALID_KEY_MESSAGE);
  request.apiKey = check.key;
  request.log.info({ event: 'v1.auth', apiKeyId: check.key.id, userId: check.key.userId, mode: check.key.mode }, 'api key accepted');
  // (The public test key's writes are refused after its rate limit, so the 403 carries its headers: v1/metering.ts.)
  // A test key's call runs the same handlers on test mode's deps (v1/test-mode.ts): the fixed
  // dataset and clock, so its answers have the live shapes and nothing it does reaches live data.
  if (check.key.mode === 'test') {
    request.deps = await this.testMode.deps();
    await this.testMode.enrol(request.deps, check.key);
  }
}

/** GET /v1/openapi.json (HEAD too, which Fastify answers with the GET route), matched route and method both. */
export function isPublicRoute(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.url === OPENAPI_PATH;
}

/** The credential of `Authorization: Bearer <secret>` (scheme in any case), or null without one. */
function bearerSecret(header: string | undefined): string | null {
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1] ?? null;
}

function refuse(request: FastifyRequest, reason: 'missing' | 'malformed' | 'unknown', message: string): never {
  // docs/security.md §16: failures are logged, never the presented secret.
  request.log.info({ event: 'v1.auth_failed', reason }, 'api key refused');
  throw new V1Error(401, 'unauthorized', message);
}
