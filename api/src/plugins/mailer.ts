import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<{ smtpUrl: string | undefined; from: string; printMail: boolean }>(
  async (app, { smtpUrl, from, printMail }) => {
    const mailer = createMailer({ smtpUrl, from, db: app.db, log: app.log, printMail });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['db'] },
);
