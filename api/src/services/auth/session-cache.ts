import { LRUCache } from 'lru-cache';
import type { Authenticated } from './authenticated.js';

/**
 * How long an instance trusts a session it has verified without asking the database again. It
 * is the bound on how late another instance notices a revocation (logout, password change or
 * reset, an email change undone) or a profile change; the instance that made the change forgets
 * the user's entries at once.
 */
export const SESSION_CACHE_TTL_MS = 1_000;

/** A session's last_seen_at is written at most this often (per instance; the write itself skips fresher rows: last-seen.ts). */
export const LAST_SEEN_INTERVAL_MS = 60_000;

/** Verified sessions by token, so a signed-in client's requests cost no database round trip. */
export interface SessionCache {
  get(token: string): Authenticated | undefined;
  /** Starts a lookup: pass the answer to `set`, which ignores it if a revocation happened meanwhile. */
  begin(): number;
  set(token: string, auth: Authenticated, begun: number): void;
  /** Forgets every cached session of the user (each write to the user's row or sessions calls it). */
  forgetUser(userId: string): void;
  forgetSession(sessionId: string): void;
  /**
   * Whether a session's last-seen time is due a write (none by this instance within
   * LAST_SEEN_INTERVAL_MS); answering true records `nowMs` as the latest (auth/last-seen.ts).
   */
  seenDue(sessionId: string, nowMs: number): boolean;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createSessionCache({ ttlMs = SESSION_CACHE_TTL_MS, max = 50_000 } = {}): SessionCache {
  const cache = ttlMs > 0 ? new LRUCache<string, Authenticated>({ max, ttl: ttlMs, ttlAutopurge: false }) : undefined;
  // Bumped by every forget: a lookup that read the database before a revocation committed must
  // not store what it read after the revocation cleared the cache.
  let epoch = 0;
  const seen = new LRUCache<string, number>({ max });
  const forget = (matches: (auth: Authenticated) => boolean) => {
    epoch += 1;
    // A scan: revocations are rare next to reads, and the cache holds at most `max` entries.
    if (cache) for (const [token, auth] of cache.entries()) if (matches(auth)) cache.delete(token);
  };
  return {
    get: (token) => cache?.get(token),
    begin: () => epoch,
    set(token, auth, begun) {
      // Shared by every request with this token until it expires: nobody may change it.
      if (cache && begun === epoch) cache.set(token, deepFreeze(auth));
    },
    forgetUser(userId) {
      forget((auth) => auth.user.id === userId);
    },
    forgetSession(sessionId) {
      forget((auth) => auth.session.id === sessionId);
    },
    seenDue(sessionId, nowMs) {
      const last = seen.get(sessionId);
      if (last !== undefined && nowMs - last < LAST_SEEN_INTERVAL_MS && nowMs >= last) return false;
      seen.set(sessionId, nowMs);
      return true;
    },
  };
}
