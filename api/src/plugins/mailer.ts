import fp from 'fastify-plugin';
import { createMailer, outboxStore, type Mailer } from '../services/mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<{ smtpUrl: string | undefined; from: string }>(
  async (app, { smtpUrl, from }) => {
    // Plain text beside pretty logs only: a JSON log stream must stay one object per line.
    const print =
      app.config.prettyLogs && ['info', 'debug', 'trace'].includes(app.config.logLevel)
        ? (text: string) => void process.stdout.write(text)
        : undefined;
    const mailer = createMailer({ smtpUrl, from, store: outboxStore(app.db), log: app.log, print });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['db'] },
);
