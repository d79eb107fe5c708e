import type { Db } from '@coinsight/db';
import type { Caller, NoInput } from '../caller.js';
import type { Client } from '../client.js';
import type { ServiceDeps } from '../deps.js';
import { SESSION_TTL_SECONDS, signSessionToken } from './tokens.js';
import { newId } from './users.js';

/** Records a session for the user and answers its token. `executor` may be a transaction. */
export async function openSession(
  executor: Db,
  jwtSecret: string,
  user: { id: string; token_version: number },
  client: Client,
): Promise<string> {
  const sessionId = newId('ses');
  await executor
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      expires_at: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      revoked_at: null,
      user_agent: client.userAgent,
      ip: client.ip,
    })
    .execute();
  return signSessionToken({ sub: user.id, jti: sessionId, ver: user.token_version }, jwtSecret);
}

/**
 * Ends every open session of the user (a password or the account's address changed hands), and
 * every sign-in halfway through (a two-factor challenge the old password opened). `executor` may
 * be a transaction.
 */
export async function revokeSessions(executor: Db, userId: string, now: Date): Promise<void> {
  await executor.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await executor.deleteFrom('two_factor_challenges').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends exactly this session; the user's others stay signed in. */
export async function logout(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'sessions'>,
  _input: NoInput,
  caller: Caller<'sessionId'>,
): Promise<void> {
  const { sessionId } = caller;
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  deps.sessions.forgetSession(sessionId);
  deps.log.info({ event: 'auth.logout', sessionId }, 'signed out');
}
