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

/**
 * The one mechanism of every cache of the reads (docs/architecture.md, "Caches"): an LRU of
 * computed values, single-flight (a burst of callers of one key awaits one computation), a failed
 * computation not kept. Each cache is made per app (plugins/services.ts), never per process.
 */
function lruOf(options: { ttlMs: number; maxSize: number; sizeOf: (value: object) => number; onStored?: (value: object) => void }) {
  const cache = new LRUCache<string, object, () => Promise<object>>({
    maxSize: options.maxSize,
    sizeCalculation: options.sizeOf,
    ttl: options.ttlMs,
    // An answer still being computed when the cache evicts its entry (other answers pushed it
    // out) is still the caller's answer: without this, lru-cache rejects the fetch with
    // "evicted" and the request fails with a 500 (seen under 50 connections of varied pages).
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const value = await context();
      options.onStored?.(value);
      return value;
    },
  });
  return cache;
}

/** A cache's reads: one computation per key in flight, its answer kept. */
const singleFlight =
  (cache: ReturnType<typeof lruOf>) =>
  async <T extends object>(key: string, compute: () => Promise<T>) =>
    (await cache.fetch(key, { context: compute })) as T;

export function createReadCache({ ttlMs = READ_CACHE_TTL_MS, maxWeight = READ_CACHE_MAX_WEIGHT } = {}): ReadCache {
  // Per answer object, not per key: an answer evicted by weight stays fresh for its TTL (the
  // staleness bound is time, not presence), and a recomputed key's new answer is a new object.
  const freshUntil = new WeakMap<object, number>();
  return {
    // Stamped just before the cache stores it, so no later than lru-cache's own TTL starts.
    get: singleFlight(
      lruOf({
        ttlMs,
        maxSize: maxWeight,
        sizeOf: readWeight,
        onStored: (value) => freshUntil.set(value, performance.now() + ttlMs),
      }),
    ),
    isFresh: (value) => typeof value === 'object' && value !== null && (freshUntil.get(value) ?? 0) > performance.now(),
  };
}

/**
 * Facts the reads derive from their database and reuse across requests: a search text's tsquery
 * (social/tsquery.ts), the terms' statistics (social/term-frequency.ts), and of a shared list's
 * filter set, that its matches passed the count's cap and the planner's estimate of them
 * (social/list/read-page.ts). Not answers: a fact steers how a read is made; the one a read
 * returns, the estimate, goes out flagged `totalIsEstimate`.
 */
export interface FactCache {
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  /** The fact under `key` if one is kept, without computing it. */
  known<T extends object>(key: string): T | undefined;
  /** Keeps a fact learnt on the way (a read that found it while doing its own work). */
  remember(key: string, fact: object): void;
}

/** How long a fact is reused: PostgreSQL's statistics change with ANALYZE (autovacuum). */
export const FACT_TTL_MS = 10 * 60_000;

/** At most this many facts (one per distinct search text, mostly). */
export const FACT_CACHE_MAX = 10_000;

export function createFactCache({ ttlMs = FACT_TTL_MS, max = FACT_CACHE_MAX } = {}): FactCache {
  const cache = lruOf({ ttlMs, maxSize: max, sizeOf: () => 1 });
  return {
    get: singleFlight(cache),
    known: <T extends object>(key: string) => cache.get(key) as T | undefined,
    remember: (key, fact) => void cache.set(key, fact),
  };
}

/** The key of a read: its name and its parsed input (parsed inputs list their fields in a fixed order). */
export const readKey = (name: string, input: unknown = null) => `${name}:${JSON.stringify(input)}`;
