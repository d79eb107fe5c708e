import fp from 'fastify-plugin';
import { createServiceDeps, type ServiceDeps } from '../services/deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every service function takes first; tRPC procedures see it as `ctx.deps`. */
    deps: ServiceDeps;
  }
}

/** Builds the services' dependencies once, rate-limit counters included, for REST and tRPC alike. */
export const servicesPlugin = fp(
  async (app) => {
    const deps = createServiceDeps({
      db: app.db,
      mailer: app.mailer,
      rateLimits: app.limits,
      log: app.log,
      jwtSecret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      contactEmail: app.config.contactEmail,
      redis: app.redis,
    });
    app.decorate('deps', deps);
    // Runs before the database closes (plugins close in reverse order): queued jobs still need it.
    app.addHook('onClose', () => deps.background.idle());
  },
  { name: 'services', dependencies: ['db', 'mailer', 'limits'] },
);
