import fp from 'fastify-plugin';
import { createAuthLimits } from '../services/auth/throttle.js';
import { createSessionCache } from '../services/auth/session-cache.js';
import { createBackground } from '../services/background.js';
import { createBudgetNoticeMemo } from '../services/billing/budgets/memo.js';
import { createApiLimits } from '../services/billing/caps/rate-limits.js';
import { createBillingStripe } from '../services/billing/stripe.js';
import type { ServiceDeps } from '../services/deps.js';
import { createMailLimits } from '../services/mail/budget.js';
import { createMarketLive } from '../services/market/live.js';
import type { RateLimits } from '../services/rate-limit.js';
import { createFactCache, createReadCache } from '../services/read-cache.js';
import { createSiteLimits } from '../services/site/limits.js';
import { PostColumns } from '../services/social/columns/post-columns.js';
import { createDownloadLimits } from '../services/social/download/limits.js';
import { createTaskQueueHolder } from '../services/tasks/settings.js';

/** ServiceDeps from what the other plugins made: the rate limits, background queue and caches are made here, once per app. */
export function createServiceDeps(
  options: Omit<ServiceDeps, 'limits' | 'background' | 'sessions' | 'reads' | 'facts' | 'budgetNotices' | 'now'> & {
    rateLimits: RateLimits;
    signupsPerMinute?: number;
    now?: () => Date;
  },
): ServiceDeps {
  const { rateLimits, signupsPerMinute, now = () => new Date(), ...rest } = options;
  return {
    ...rest,
    now,
    limits: {
      ...createAuthLimits(rateLimits, { signupsPerMinute }),
      ...createSiteLimits(rateLimits),
      ...createApiLimits(rateLimits),
      ...createMailLimits(rateLimits),
      ...createDownloadLimits(rateLimits),
    },
    background: createBackground(rest.log),
    sessions: createSessionCache(),
    reads: createReadCache(),
    facts: createFactCache(),
    budgetNotices: createBudgetNoticeMemo(),
  };
}

/** Builds the services' dependencies once, rate-limit counters included, for REST and tRPC alike. */
export const servicesPlugin = fp(
  async (app) => {
    const marketLive = createMarketLive({ db: app.db, log: app.log, now: () => new Date() }, app.config.db, {
      tickSeconds: app.config.market.tickSeconds,
    });
    const deps = createServiceDeps({
      db: app.db,
      readDb: app.readDb,
      genericDb: app.genericDb,
      mailer: app.mailer,
      rateLimits: app.limits,
      signupsPerMinute: app.config.signupsPerMinute,
      log: app.log,
      jwtSecret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      contactEmail: app.config.contactEmail,
      webhooks: app.config.webhooks,
      redis: app.redis,
      marketLive,
      marketSnapshot: marketLive,
      tasks: { ...app.config.tasks, queue: createTaskQueueHolder() },
      stripe: createBillingStripe(app.config.stripe),
      columns: app.config.socialColumns ? new PostColumns({ readDb: app.readDb, db: app.db, log: app.log }) : undefined,
    });
    app.decorate('deps', deps);
    if (app.config.tasks.allowPrivateUrls)
      app.log.warn('TASK_URL_ALLOW_PRIVATE=1: scrape tasks may fetch loopback and private addresses (tests and development only)');
    if (app.config.webhooks.allowPrivate)
      app.log.warn('WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach loopback and private addresses (tests and development only)');
    // Runs before the database closes (plugins close in reverse order): queued jobs still need it.
    app.addHook('onClose', () => deps.background.idle());
    // Loaded in the background from the start, so the first filtered pages find the copy.
    app.addHook('onReady', () => deps.columns?.warm());
    // Listening from the start, so the price snapshot is current from the first tick heard.
    app.addHook('onReady', () => marketLive.start(5_000));
    // Before the server closes: open live streams end, or closing would wait for them forever.
    app.addHook('preClose', () => deps.marketLive.close());
  },
  { name: 'services', dependencies: ['db', 'mailer', 'limits'] },
);
