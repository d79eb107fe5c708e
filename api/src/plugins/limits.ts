import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createRateLimits } from '../services/rate-limit.js';

/**
 * How long one Redis call may take before the per-instance counters answer instead. A Redis that
 * keeps its connections open but answers nothing would otherwise hold every request that counts
 * something (sign-in, sign-up, reset) for the whole outage.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Rate-limit counters: in Redis when REDIS_URL is set (shared by every instance), else in process. */
export const limitsPlugin = fp<{ redisUrl: string | undefined; commandTimeoutMs?: number }>(
  async (app, { redisUrl, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS }) => {
    let redis: Redis | undefined;
    if (redisUrl) {
      redis = new Redis(redisUrl, {
        // Without these a Redis outage would queue every request's counter call indefinitely.
        enableOfflineQueue: false,
        connectTimeout: 2_000,
        commandTimeout: commandTimeoutMs,
        maxRetriesPerRequest: 1,
      });
      let reported = false;
      redis.on('error', (error: Error) => {
        if (!reported) app.log.warn({ err: error }, 'Redis unavailable: rate limits fall back to per-instance counters');
        reported = true;
      });
      redis.on('ready', () => (reported = false));
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }
    app.decorate('limits', createRateLimits(redis));
    app.decorate('redis', redis);
  },
  { name: 'limits' },
);
