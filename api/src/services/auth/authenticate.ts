import type { PublicUser } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';
import { verifySessionToken } from './tokens.js';

export interface Authenticated {
  user: PublicUser;
  session: { id: string };
}

export interface AuthLog {
  info(details: object, message: string): void;
}

/** The bearer token of an Authorization header, or null. API keys never come through here. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Resolves a session token to its user: the signature and expiry must hold, the session must
 * be open, and the token must carry the user's current token version.
 */
export async function authenticate(db: Db, secret: string, token: string): Promise<Authenticated | null> {
  const claims = verifySessionToken(token, secret);
  if (!claims) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...PUBLIC_USER_COLUMNS, 'users.token_version', 'sessions.id as session_id'])
    .where('sessions.id', '=', claims.jti)
    .where('sessions.user_id', '=', claims.sub)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.token_version !== claims.ver) return null;
  return { user: toPublicUser(row), session: { id: row.session_id } };
}

/** authenticate() for an HTTP request; a present but refused token is logged (without itself). */
export async function authenticateRequest(db: Db, secret: string, header: string | undefined, log: AuthLog): Promise<Authenticated | null> {
  const token = bearerToken(header);
  if (!token) return null;
  const auth = await authenticate(db, secret, token);
  if (!auth) log.info({ event: 'auth.token_refused' }, 'session token refused');
  return auth;
}
