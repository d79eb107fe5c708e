import type { ServiceDeps } from '../deps.js';
import type { Authenticated } from './authenticated.js';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';
import { verifySessionToken } from './tokens.js';
import { markSeen } from './last-seen.js';

export type { Authenticated };

/** The bearer token of an Authorization header, or null. API keys never come through here. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Resolves a session token to its user: the signature and expiry must hold, the session must
 * be open, and the token must carry the user's current token version. A verified session is
 * trusted for SESSION_CACHE_TTL_MS (session-cache.ts) without asking the database again.
 */
export async function authenticate(
  deps: Pick<ServiceDeps, 'db' | 'jwtSecret' | 'sessions' | 'now'>,
  token: string,
): Promise<Authenticated | null> {
  const cached = deps.sessions.get(token);
  if (cached) {
    await markSeen(deps, { sessionId: cached.session.id });
    return cached;
  }
  const begun = deps.sessions.begin();
  const claims = verifySessionToken(token, deps.jwtSecret);
  if (!claims) return null;
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...PUBLIC_USER_COLUMNS, 'users.token_version', 'sessions.id as session_id'])
    .where('sessions.id', '=', claims.jti)
    .where('sessions.user_id', '=', claims.sub)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.token_version !== claims.ver) return null;
  const auth = { user: toPublicUser(row), session: { id: row.session_id } };
  deps.sessions.set(token, auth, begun);
  await markSeen(deps, { sessionId: auth.session.id });
  return auth;
}

/** authenticate() for an HTTP request; a present but refused token is logged (without itself). */
export async function authenticateRequest(
  deps: Pick<ServiceDeps, 'db' | 'jwtSecret' | 'sessions' | 'now'>,
  header: string | undefined,
  log: Pick<ServiceDeps['log'], 'info'>,
): Promise<Authenticated | null> {
  const token = bearerToken(header);
  if (!token) return null;
  const auth = await authenticate(deps, token);
  if (!auth) log.info({ event: 'auth.token_refused' }, 'session token refused');
  return auth;
}
