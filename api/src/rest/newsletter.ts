import { newsletterUnsubscribeSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { unsubscribeFromNewsletter } from '../services/site/newsletter.js';

/**
 * The URL of every newsletter mail's List-Unsubscribe header. A mail client's one-click POST
 * (RFC 8058, body `List-Unsubscribe=One-Click`) unsubscribes at once; a GET, which link scanners
 * also send, only leads to the page that asks.
 */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  // The one-click body is a form; its content is fixed by the RFC and carries nothing we need.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1_024 }, (_request, _body, done) => done(null, null));
  }

  app.post('/api/newsletter/unsubscribe', async (request, reply) => {
    const input = newsletterUnsubscribeSchema.parse(request.query);
    return reply.header('cache-control', 'no-store').send(await unsubscribeFromNewsletter(app.deps, input));
  });

  app.get('/api/newsletter/unsubscribe', async (request, reply) => {
    const { token } = newsletterUnsubscribeSchema.parse(request.query);
    return reply.redirect(`${app.config.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, 303);
  });
}
