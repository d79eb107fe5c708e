import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createRateLimits, type RateLimits } from '../services/rate-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
  }
}

/** Rate-limit counters: in Redis when REDIS_URL is set (shared by every instance), else in process. */
export const limitsPlugin = fp<{ redisUrl: string | undefined }>(
  async (app, { redisUrl }) => {
    let redis: Redis | undefined;
    if (redisUrl) {
      redis = new Redis(redisUrl, {
        // Without these a Redis outage would queue every request's counter call indefinitely.
        enableOfflineQueue: false,
        connectTimeout: 2_000,
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
  },
  { name: 'limits' },
);
