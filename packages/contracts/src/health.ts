import { z } from 'zod';

/** What `GET /api/health` and the `health` tRPC query answer. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  version: z.string(),
});

export type Health = z.infer<typeof healthSchema>;
