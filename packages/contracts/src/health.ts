import { z } from 'zod';

/**
 * What `GET /api/health` and the `health` tRPC query answer. `redis` is present when REDIS_URL is
 * set; Redis down makes the status `degraded` but the instance still serves (per-instance limits).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']).optional(),
  version: z.string(),
});

export type Health = z.infer<typeof healthSchema>;
