import fp from 'fastify-plugin';
import { createServiceDeps, type ServiceDeps } from '../services/deps.js';
import { createMarketLive } from '../services/market/live.js';
import { createTaskQueueHolder } from '../services/tasks/settings.js';

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
      readDb: app.readDb,
      mailer: app.mailer,
      rateLimits: app.limits,
      signupsPerMinute: app.config.signupsPerMinute,
      log: app.log,
      jwtSecret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      contactEmail: app.config.contactEmail,
      webhooks: app.config.webhooks,
      redis: app.redis,
      marketLive: createMarketLive({ db: app.db, log: app.log }, app.config.db),
      tasks: { ...app.config.tasks, queue: createTaskQueueHolder() },
    });
    app.decorate('deps', deps);
    if (app.config.tasks.allowPrivateUrls)
      app.log.warn('TASK_URL_ALLOW_PRIVATE=1: scrape tasks may fetch loopback and private addresses (tests and development only)');
    if (app.config.webhooks.allowPrivate)
      app.log.warn('WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach loopback and private addresses (tests and development only)');
    // Runs before the database closes (plugins close in reverse order): queued jobs still need it.
    app.addHook('onClose', () => deps.background.idle());
    // Before the server closes: open live streams end, or closing would wait for them forever.
    app.addHook('preClose', () => deps.marketLive.close());
  },
  { name: 'services', dependencies: ['db', 'mailer', 'limits'] },
);
