import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<{ smtpUrl: string | undefined; from: string }>(
  async (app, { smtpUrl, from }) => {
    const mailer = createMailer({ smtpUrl, from, db: app.db, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['db'] },
);
