import {
  parseV1CreateAlertBody,
  v1AlertIdParamsSchema,
  v1NoQuerySchema,
  type CreateAlertInput,
  type V1CreateAlertBody,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { createAlert, deleteAlert, listAlerts } from '../../services/alerts/alerts.js';
import { alertEmailChoice } from '../../services/alerts/email-choice.js';
import { keyCallerOf } from '../caller.js';
import { idempotent } from '../idempotency.js';
import { v1Schema } from '../response-schema.js';
import { resolveSymbol } from '../../services/market/assets.js';

/** A /v1 body's kind and figures as stored (the same as tRPC's createAlertSchema makes them). */
function v1AlertFigures(body: V1CreateAlertBody): Pick<CreateAlertInput, 'kind' | 'condition' | 'threshold' | 'window'> {
  switch (body.kind) {
    case 'mentions':
      return { kind: 'mentions', condition: 'above', threshold: body.mentions, window: null };
    case 'change':
      return { kind: 'change', condition: 'above', threshold: body.percent, window: body.window };
    case 'sentiment':
      return { kind: 'sentiment', condition: body.condition, threshold: body.score, window: null };
    case 'spike':
      return { kind: 'spike', condition: 'above', threshold: body.factor, window: null };
    default:
      return { kind: 'price', condition: body.condition, threshold: body.price, window: null };
  }
}

/**
 * The key owner's alerts: create (docs/product.md §3's payload, honouring Idempotency-Key), list, delete.
 * Another account's alert answers 404 exactly as one that does not exist. List and delete are
 * never billed (the registry's `billable: false`), so they work past the Free quota.
 */
export async function alertRoutes(app: FastifyInstance): Promise<void> {
  app.post('/alerts/create', v1Schema('createAlert'), async (request, reply) => {
    v1NoQuerySchema.parse(request.query);
    // Exactly the documented body (an unknown field is a 400 naming it); the symbol read as
    // everywhere in /v1 (ticker, name or id) and stored as the ticker.
    const body = parseV1CreateAlertBody(request.body);
    const asset = await resolveSymbol(request.deps, { symbol: body.symbol });
    const caller = keyCallerOf(request);
    const email = await alertEmailChoice(request.deps, { email: body.email ?? true }, caller);
    const input: CreateAlertInput = {
      ...v1AlertFigures(body),
      symbol: asset.symbol,
      email,
      webhookUrl: body.webhookUrl ?? null,
      slackWebhookUrl: body.slackWebhookUrl ?? null,
      discordWebhookUrl: body.discordWebhookUrl ?? null,
      telegramChatId: body.telegramChatId ?? null,
      repeat: body.repeat ?? null,
    };
    return idempotent(request, reply, request.deps, async (db) => {
      const alert = await createAlert({ ...request.deps, db }, input, caller);
      return { status: 201, body: { alert, asOf: request.deps.now().toISOString() } };
    });
  });

  app.get('/alerts', v1Schema('listAlerts'), async (request) => {
    v1NoQuerySchema.parse(request.query);
    const asOf = request.deps.now();
    return { data: await listAlerts(request.deps, {}, keyCallerOf(request)), asOf: asOf.toISOString() };
  });

  app.delete('/alerts/:id', v1Schema('deleteAlert'), async (request) => {
    v1NoQuerySchema.parse(request.query);
    const { id } = v1AlertIdParamsSchema.parse(request.params);
    await deleteAlert(request.deps, { id }, keyCallerOf(request));
    return { id, deleted: true as const, asOf: request.deps.now().toISOString() };
  });
}
