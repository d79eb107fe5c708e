import fp from 'fastify-plugin';
import { alertsAfterTick } from '../jobs/alerts.js';
import { marketJobs } from '../jobs/market.js';
import { meteringJobs } from '../jobs/metering.js';
import { postsJobs } from '../jobs/posts.js';
import { startJobRunner } from '../jobs/runner.js';
import { subscriptionJobs } from '../jobs/subscriptions.js';
import { taskJobs, TASK_RUN_QUEUE } from '../jobs/tasks.js';
import { webhookJobs } from '../jobs/webhooks.js';
import { createMarketFeed } from '../services/market/feeds/index.js';
import { countJobRun } from '../services/metrics.js';

/**
 * Scheduled work (pg-boss on the app's database): market ticks (each announced on the live bus, then the alert
 * check), candle roll-ups, retention, webhook deliveries, task runs (and their sweep and file retention), and with Stripe the usage
 * report to its meter and the past-due grace sweep.
 * Every instance may run it; pg-boss hands each scheduled run to one of them. JOBS=off: none here.
 */
export const jobsPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) {
      app.log.info('scheduled jobs are off on this instance (JOBS=off)');
      return;
    }
    const feed = createMarketFeed(app.config.market, app.log);
    // Every job's deps, built once: the app's own, but scheduled work runs on its own pool, with the
    // bounds a batch may need (plugins/db.ts), and the market jobs read the feed. Each job runs its
    // services with the clock at its slot's time (atTime, services/clock.ts).
    const deps = { ...app.deps, db: app.jobsDb, feed };
    const runner = await startJobRunner({
      db: app.jobsDb,
      log: app.log,
      onRun: (job, seconds, outcome) => countJobRun(app.metrics, job, seconds, outcome),
      jobs: [
        ...marketJobs(deps, {
          tickSeconds: app.config.market.tickSeconds,
          announce: (now) => app.deps.marketLive.publish(now),
          afterTick: alertsAfterTick(deps),
        }),
        ...webhookJobs(deps),
        ...taskJobs(deps),
        ...meteringJobs(deps),
        ...postsJobs(deps, app.config.postsRetentionDays),
        ...subscriptionJobs(deps),
      ],
    });
    // New and retried tasks go straight to the queue from this instance.
    app.deps.tasks.queue.attach({
      offer: async (taskId) => {
        await runner.boss.send(TASK_RUN_QUEUE, { taskId }, { singletonKey: taskId });
      },
    });
    app.log.info({ feed: feed.name, tickSeconds: app.config.market.tickSeconds }, 'scheduled jobs started');
    // preClose: jobs in progress finish while the database (closed onClose) is still open.
    app.addHook('preClose', async () => {
      app.deps.tasks.queue.attach(undefined);
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'services', 'metrics'] },
);
