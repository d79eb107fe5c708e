import type { FastifyInstance } from 'fastify';
import { checkHealth, checkReadiness } from '../services/health.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // The spec's health check: the database decides (Redis down still serves, with per-instance counters).
  app.get('/api/health', async (_request, reply) => {
    const health = await checkHealth(app.deps, {});
    return reply
      .code(health.db === 'up' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });

  // Liveness: the process answers HTTP. Nothing outside it is asked, so an outage of the database
  // never makes an orchestrator restart every instance at once.
  app.get('/livez', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  // Readiness: whether to send this instance traffic now (docs/deploy.md). Its detail (which
  // dependencies, the version) only for INTERNAL_NETWORKS; anyone else reads the status alone.
  app.get('/readyz', async (request, reply) => {
    const readiness = await checkReadiness(app.deps, {
      draining: app.lifecycle.draining,
      replica: app.config.readReplicaUrl !== undefined,
    });
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(app.fromInternalNetwork(request) ? readiness : { status: readiness.status });
  });
}
