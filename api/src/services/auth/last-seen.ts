import type { ServiceDeps } from '../deps.js';
import { LAST_SEEN_INTERVAL_MS } from './session-cache.js';

/**
 * Records that a session was used, at most once a minute: the session cache remembers when this
 * instance last wrote it, and the update skips a row another instance wrote within the minute, so
 * a signed-in client's requests cost no write between. A failed write is ignored: it is a hint
 * for the sessions list, never a reason to refuse a request.
 */
export async function markSeen(deps: Pick<ServiceDeps, 'db' | 'sessions' | 'now'>, input: { sessionId: string }): Promise<void> {
  const { sessionId } = input;
  const now = deps.now();
  if (!deps.sessions.seenDue(sessionId, now.getTime())) return;
  await deps.db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', new Date(now.getTime() - LAST_SEEN_INTERVAL_MS))
    .execute()
    .catch(() => undefined);
}
