import type { FastifyInstance } from 'fastify';
import { checkHealth } from '../services/health.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const health = await checkHealth(app.deps, {});
    return (
      reply
        // Without Redis the instance still serves (per-instance counters): only the database takes it out.
        .code(health.db === 'up' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health)
    );
  });
}
