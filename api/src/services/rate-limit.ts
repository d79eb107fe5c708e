import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors.js';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';

export interface LimitRule {
  /** Distinguishes the counters of one rule from another's, e.g. 'login-fail-ip'. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** Where a counter stands after a hit: what the RateLimit-* headers of an answer say. */
export interface LimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Hits counted in this window, this one included (past `limit` when refused). */
  consumed: number;
  /** Seconds until the window ends and the counter starts again (at least 1). */
  resetSeconds: number;
}

export interface RateLimit {
  /** Counts one hit for `key` and answers where it stands; never throws for being past the limit. */
  hit(key: string): Promise<LimitState>;
  /** Counts one hit for `key`; throws AppError TOO_MANY_REQUESTS (with Retry-After) past the limit. */
  consume(key: string, message?: string): Promise<void>;
  /** Throws like consume when `key` is already past the limit, without counting a hit. */
  check(key: string, message?: string): Promise<void>;
  /**
   * Gives back one hit counted by consume: an attempt counted first that turned out fine, or work
   * that failed on our side.
   */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s hits (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  create(rule: LimitRule): RateLimit;
}

/**
 * Counters live in Redis when it is configured, so every instance shares them. When Redis does
 * not answer, each instance falls back to its own in-memory counters (the insurance limiter)
 * rather than failing or hanging every request: limits loosen by the number of instances while
 * Redis is down, and nothing else breaks.
 */
export function createRateLimits(redis: Redis | undefined): RateLimits {
  return {
    create(rule) {
      const base = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) })
        : new RateLimiterMemory(base);
      return wrap(limiter, rule);
    },
  };
}

function tooMany(res: RateLimiterRes, message: string): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) });
}

function stateOf(res: RateLimiterRes, rule: LimitRule, allowed: boolean): LimitState {
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(0, rule.points - res.consumedPoints),
    consumed: res.consumedPoints,
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

function wrap(limiter: RateLimiterAbstract, rule: LimitRule): RateLimit {
  return {
    async hit(key) {
      try {
        return stateOf(await limiter.consume(key), rule, true);
      } catch (error) {
        if (error instanceof RateLimiterRes) return stateOf(error, rule, false);
        throw error;
      }
    },
    async consume(key, message = TOO_MANY_REQUESTS_MESSAGE) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error, message);
        throw error;
      }
    },
    async check(key, message = TOO_MANY_REQUESTS_MESSAGE) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= rule.points) throw tooMany(res, message);
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
