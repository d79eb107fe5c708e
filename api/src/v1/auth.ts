import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeyHash, isWellFormedApiKey } from '../services/keys/secret.js';
import { V1Error } from './errors.js';
import { OPENAPI_PATH } from './routes/openapi.js';

export const MISSING_KEY_MESSAGE = 'Missing API key: send it as Authorization: Bearer <key>';
export const MALFORMED_KEY_MESSAGE = 'Malformed API key';
export const INVALID_KEY_MESSAGE = 'Invalid API key';

/** last_used_at is written at most this often per key: a timestamp, not a per-call write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * onRequest hook of the /v1 scope: the key comes only from `Authorization: Bearer` (never a query
 * parameter or cookie, which end up in logs and caches). A shape check refuses junk before any
 * lookup; the lookup is by the hash of the presented secret, so the database never sees it.
 * No cache: a deleted key fails on the very next call, on every instance.
 */
export async function authenticateApiKey(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  // The one public /v1 route: its exact method and path, so nothing else slips through.
  if (isPublicRoute(request)) return;
  const secret = bearerSecret(request.headers.authorization);
  if (secret === null) return refuse(request, 'missing', MISSING_KEY_MESSAGE);
  if (!isWellFormedApiKey(secret)) return refuse(request, 'malformed', MALFORMED_KEY_MESSAGE);
  const key = await this.deps.db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id', 'api_keys.user_id', 'api_keys.name', 'api_keys.last_used_at', 'users.plan'])
    .where('api_keys.secret_hash', '=', apiKeyHash(secret))
    .where('api_keys.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!key) return refuse(request, 'unknown', INVALID_KEY_MESSAGE);
  request.apiKey = { id: String(key.id), userId: key.user_id, name: key.name, plan: key.plan };
  request.log.info({ event: 'v1.auth', apiKeyId: request.apiKey.id, userId: key.user_id }, 'api key accepted');
  const now = Date.now();
  if (!key.last_used_at || now - key.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    // The where clause keeps concurrent calls from writing it more than once.
    await this.deps.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', key.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now - LAST_USED_RESOLUTION_MS))]))
      .execute();
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
  // Checklist 16: failures are logged, never the presented secret.
  request.log.info({ event: 'v1.auth_failed', reason }, 'api key refused');
  throw new V1Error(401, 'unauthorized', message);
}
