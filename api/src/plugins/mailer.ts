import fp from 'fastify-plugin';
import { createMailer, outboxStore, type Mailer, type MailRate } from '../services/mail/mailer.js';
import type { Metrics } from '../services/metrics.js';

/**
 * ratePerSecond (MAIL_RATE_PER_SECOND): mail over SMTP past it is queued in the outbox table. The
 * counter is a rate limit like the others, so with REDIS_URL every instance shares one rate.
 */
export const mailerPlugin = fp<{ smtpUrl: string | undefined; from: string; printMail: boolean; ratePerSecond: number; rate?: MailRate }>(
  async (app, { smtpUrl, from, printMail, ratePerSecond, rate: gate }) => {
    // Plain text beside pretty logs only: a JSON log stream must stay one object per line.
    const print =
      app.config.prettyLogs && ['info', 'debug', 'trace'].includes(app.config.logLevel)
        ? (text: string) => void process.stdout.write(text)
        : undefined;
    const sending = app.limits.create({ name: 'mail-global', points: ratePerSecond, durationSeconds: 1 });
    const rate = gate ?? (async () => (await sending.hit('all')).allowed);
    const mailer = createMailer({ smtpUrl, from, store: outboxStore(app.db), log: app.log, print, printMail, rate });
    app.decorate('mailer', countedMailer(mailer, app.metrics));
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['db', 'limits', 'metrics'] },
);

/** The mailer, each message it is handed counted by transport and outcome (plugins/metrics.ts). */
function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  const counted =
    <A extends unknown[], R>(send: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await send(...args);
        metrics.mail.inc({ transport: mailer.transport, outcome: 'ok' });
        return result;
      } catch (error) {
        metrics.mail.inc({ transport: mailer.transport, outcome: 'failed' });
        throw error;
      }
    };
  return {
    send: counted((message) => mailer.send(message)),
    sendQueued: counted((message) => mailer.sendQueued(message)),
    queue: (message) => mailer.queue(message),
    keep: (message) => mailer.keep(message),
    close: () => mailer.close(),
    transport: mailer.transport,
  };
}
