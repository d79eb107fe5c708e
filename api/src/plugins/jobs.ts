import fp from 'fastify-plugin';
import { marketJobs } from '../jobs/market.js';
import { checkAlerts } from '../services/alerts/check.js';
import { startJobRunner } from '../jobs/runner.js';
import { createMarketFeed } from '../services/market/feeds/index.js';

/**
 * Scheduled work (pg-boss on the app's database): market ticks (each followed by the alert check), candle
 * roll-ups, retention.
 * Every instance may run it; pg-boss hands each scheduled run to one of them. JOBS=off: none here.
 */
export const jobsPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) {
      app.log.info('scheduled jobs are off on this instance (JOBS=off)');
      return;
    }
    const feed = createMarketFeed(app.config.market, app.log);
    const runner = await startJobRunner({
      db: app.db,
      log: app.log,
      jobs: marketJobs(
        { db: app.db, log: app.log, feed },
        { tickSeconds: app.config.market.tickSeconds, afterTick: (now) => checkAlerts(app.deps, { now }) },
      ),
    });
    app.log.info({ feed: feed.name, tickSeconds: app.config.market.tickSeconds }, 'scheduled jobs started');
    // preClose: jobs in progress finish while the database (closed onClose) is still open.
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db', 'services'] },
);
