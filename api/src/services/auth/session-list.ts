import type { SessionInfo, sessionIdSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller, NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { deviceOf } from './devices.js';

export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';

/** The account's signed-in sessions (open and unexpired), the most recently used first; the caller's own is marked. */
export async function listSessions(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  _input: NoInput,
  caller: Caller<'userId' | 'sessionId'>,
): Promise<{ sessions: SessionInfo[] }> {
  const rows = await deps.db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', caller.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', deps.now())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent),
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      current: row.id === caller.sessionId,
    })),
  };
}

/**
 * Signs one session of the account out; its token is refused from its next request (this
 * instance forgets it at once, others within SESSION_CACHE_TTL_MS). Another account's session, or
 * one already ended, is a 404.
 */
export async function revokeSession(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'sessions' | 'now'>,
  input: z.infer<typeof sessionIdSchema>,
  caller: Caller<'userId'>,
): Promise<void> {
  const revoked = await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.now() })
    .where('id', '=', input.id)
    .where('user_id', '=', caller.userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!revoked) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE);
  deps.sessions.forgetSession(revoked.id);
  deps.log.info({ event: 'auth.session_revoked', userId: caller.userId, sessionId: revoked.id }, 'session signed out from settings');
}

/** Signs out every other session of the account; the caller's stays. Answers how many ended. */
export async function revokeOtherSessions(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'sessions' | 'now'>,
  _input: NoInput,
  caller: Caller<'userId' | 'sessionId'>,
): Promise<{ revoked: number }> {
  const revoked = await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.now() })
    .where('user_id', '=', caller.userId)
    .where('id', '!=', caller.sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  for (const { id } of revoked) deps.sessions.forgetSession(id);
  deps.log.info(
    { event: 'auth.sessions_revoked', userId: caller.userId, count: revoked.length },
    'other sessions signed out from settings',
  );
  return { revoked: revoked.length };
}
