import fp from 'fastify-plugin';
import { deliverDueContactMail } from '../services/site/contact.js';

/**
 * Retries the contact-form mail that could not be sent when it arrived. Every instance sweeps;
 * the claim in `deliverDueContactMail` keeps them from sending a message twice.
 */
export const contactMailSweepPlugin = fp<{ intervalMs: number }>(
  async (app, { intervalMs }) => {
    if (intervalMs <= 0) return;
    let running: Promise<void> | undefined;
    const sweep = async () => {
      try {
        const report = await deliverDueContactMail(app.deps, { now: new Date() });
        for (const id of report.delivered) app.log.info({ contactMessage: id }, 'contact message mailed on retry');
        for (const failure of report.failed) {
          app.log.warn(
            { contactMessage: failure.id, attempts: failure.attempts, error: failure.error, retryAt: failure.retryAt },
            failure.retryAt ? 'contact message could not be mailed; will retry' : 'contact message could not be mailed; giving up',
          );
        }
      } catch (error) {
        app.log.error({ err: error }, 'contact mail sweep failed');
      }
    };
    const timer = setInterval(() => {
      // One pass at a time: a slow mail server must not stack sweeps up.
      running ??= sweep().finally(() => (running = undefined));
    }, intervalMs);
    timer.unref();
    // preClose, not onClose: the database and mailer close in their own onClose hooks, which
    // would otherwise run before a pass in progress has finished with them.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'contact-mail-sweep', dependencies: ['services'] },
);
