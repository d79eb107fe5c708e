import type { FastifyPluginAsync } from 'fastify';
import { handleStripeEvent } from '../services/billing/subscriptions/webhook.js';
import { WEBHOOK_TOLERANCE_SECONDS } from '../services/billing/stripe.js';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe-webhook';

/** The signature's timestamp (`t=`) in seconds, read as the SDK reads it (the last `t`, parseInt). */
function signedAt(header: string): number | undefined {
  let seconds: number | undefined;
  for (const part of header.split(',')) {
    const [key, value = ''] = part.split('=');
    if (key?.trim() === 't') seconds = parseInt(value, 10);
  }
  return seconds !== undefined && Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * POST /api/billing/stripe-webhook: Stripe's events, verified against the raw body with the
 * endpoint's signing secret and a 300 s tolerance (stripe.webhooks.constructEvent) both ways: the SDK refuses
 * a timestamp older than that, and this route one further ahead than that (the SDK takes any
 * future one). A forged, stale or future-dated signature is 400 and changes nothing. Registered without fastify-plugin, so its raw-body
 * parser stays in this scope and every other route keeps parsing JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  // The signature covers the exact bytes sent: the body must reach constructEvent unparsed.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, { config: { checksOwnInput: true } }, async (request, reply) => {
    const stripe = app.deps.stripe;
    if (!stripe) return reply.code(404).send({ error: 'Paid plans are not available on this server.' });
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) return reply.code(400).send({ error: 'Missing Stripe-Signature or body' });
    let event;
    try {
      const at = signedAt(signature);
      if (at !== undefined && at > Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS)
        throw new Error('Timestamp is too far in the future');
      event = stripe.client.webhooks.constructEvent(body, signature, stripe.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      request.log.warn(
        { event: 'billing.webhook_refused', reason: error instanceof Error ? error.message : 'invalid' },
        'stripe webhook refused',
      );
      return reply.code(400).send({ error: 'Invalid signature' });
    }
    const outcome = await handleStripeEvent(app.deps, { event });
    return { received: true, outcome };
  });
};
