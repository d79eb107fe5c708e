import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendQueuedMail } from '../services/mail/queue.js';
import { deliverDueContactMail } from '../services/site/contact.js';

/** Runs `pass` every `intervalMs`, one pass at a time, until the app closes; 0 never runs it. */
function every(app: FastifyInstance, intervalMs: number, pass: () => Promise<void>): void {
  if (intervalMs <= 0) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // One pass at a time: a slow mail server must not stack sweeps up.
    running ??= pass().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  // preClose, not onClose: the database and mailer close in their own onClose hooks, which
  // would otherwise run before a pass in progress has finished with them.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * The mail sweeps. Every instance sweeps; each claim keeps them from sending a message twice.
 * - Contact-form mail that could not be sent when it arrived is retried (`intervalMs`).
 * - Mail queued past the global sending rate (MAIL_RATE_PER_SECOND) goes out as the rate allows
 *   (`queueIntervalMs`, about a second so a queued mail waits little longer than the rate makes it).
 */
export const contactMailSweepPlugin = fp<{ intervalMs: number; queueIntervalMs: number }>(
  async (app, { intervalMs, queueIntervalMs }) => {
    every(app, intervalMs, async () => {
      try {
        const report = await deliverDueContactMail(app.deps, {});
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
    });
    every(app, queueIntervalMs, async () => {
      try {
        const report = await sendQueuedMail(app.deps, {});
        if (report.sent.length > 0) app.log.info({ sent: report.sent.length, waiting: report.waiting }, 'queued mail sent');
        for (const failure of report.failed) {
          app.log.warn(
            { outbox: failure.id, attempts: failure.attempts, error: failure.error, retryAt: failure.retryAt },
            failure.retryAt ? 'queued mail could not be sent; will retry' : 'queued mail could not be sent; giving up',
          );
        }
      } catch (error) {
        app.log.error({ err: error }, 'mail queue sweep failed');
      }
    });
  },
  { name: 'contact-mail-sweep', dependencies: ['services'] },
);
