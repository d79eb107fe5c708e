import { LRUCache } from 'lru-cache';

/**
 * How long an answer to an identical hot read (analytics, a platform's post count) is reused:
 * an answer is at most this old, counted from when its computation finished.
 */
export const READ_CACHE_TTL_MS = 2_000;

/**
 * A short per-instance cache of identical reads. Single-flight: a burst of identical requests
 * runs the computation once and every caller awaits the same answer; a failed computation is
 * not kept, so the next caller tries again.
 */
export interface ReadCache {
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Whether `value` is an answer this cache computed less than its TTL ago: what may be sent
   * again without asking `get` (trpc/fastify-plugin.ts keeps such answers by request).
   */
  isFresh(value: unknown): boolean;
}

/**
 * Bounds the memory: an answer weighs 1 plus its rows (`data`), so a search or list page of 100
 * posts (about 1 KB each) weighs 101 and the cache holds at most about 20 MB of rows.
 */
export const READ_CACHE_MAX_WEIGHT = 20_000;

/** An answer's weight: 1, plus 1 per row of its `data`. */
export const readWeight = (value: object) => 1 + ('data' in value && Array.isArray(value.data) ? value.data.length : 0);

export function createReadCache({ ttlMs = READ_CACHE_TTL_MS, maxWeight = READ_CACHE_MAX_WEIGHT } = {}): ReadCache {
  // Per answer object, not per key: an answer evicted by weight stays fresh for its TTL (the
  // staleness bound is time, not presence), and a recomputed key's new answer is a new object.
  const freshUntil = new WeakMap<object, number>();
  const cache = new LRUCache<string, object, () => Promise<object>>({
    maxSize: maxWeight,
    sizeCalculation: readWeight,
    ttl: ttlMs,
    // An answer still being computed when the cache evicts its entry (other answers pushed it
    // out) is still the caller's answer: without this, lru-cache rejects the fetch with
    // "evicted" and the request fails with a 500 (seen under 50 connections of varied pages).
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const value = await context();
      // Stamped just before the cache stores it, so no later than lru-cache's own TTL starts.
      freshUntil.set(value, performance.now() + ttlMs);
      return value;
    },
  });
  return {
    get: async <T extends object>(key: string, compute: () => Promise<T>) => (await cache.fetch(key, { context: compute })) as T,
    isFresh: (value) => typeof value === 'object' && value !== null && (freshUntil.get(value) ?? 0) > performance.now(),
  };
}

/** The key of a read: its name and its parsed input (parsed inputs list their fields in a fixed order). */
export const readKey = (name: string, input: unknown = null) => `${name}:${JSON.stringify(input)}`;
