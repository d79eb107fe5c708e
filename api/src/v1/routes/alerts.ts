import { v1AlertIdParamsSchema, v1AlertSymbolSchema, v1CreateAlertBodySchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { createAlert, deleteAlert, listAlerts } from '../../services/alerts/alerts.js';
import { keyCallerOf } from '../caller.js';
import { idempotent } from '../idempotency.js';
import { v1Schema } from '../response-schema.js';
import { resolveSymbol } from '../../services/market/assets.js';

/**
 * The key owner's alerts: create (spec §3's payload, honouring Idempotency-Key), list, delete.
 * Another account's alert answers 404 exactly as one that does not exist.
 */
export async function alertRoutes(app: FastifyInstance): Promise<void> {
  app.post('/alerts/create', v1Schema('createAlert'), async (request, reply) => {
    // The symbol is read with the /v1 asset rules (ticker, name or id), then the app's own alert
    // schema checks the whole body with the resolved ticker in its place.
    const body = v1AlertSymbolSchema.parse(request.body);
    const asset = await resolveSymbol(request.deps, { symbol: body.symbol });
    const input = v1CreateAlertBodySchema.parse({ ...body, symbol: asset.symbol });
    return idempotent(request, reply, request.deps, async (db) => {
      const alert = await createAlert({ ...request.deps, db }, input, keyCallerOf(request));
      return { status: 201, body: { alert, asOf: request.deps.now().toISOString() } };
    });
  });

  app.get('/alerts', v1Schema('listAlerts'), async (request) => {
    const asOf = request.deps.now();
    return { data: await listAlerts(request.deps, {}, keyCallerOf(request)), asOf: asOf.toISOString() };
  });

  app.delete('/alerts/:id', v1Schema('deleteAlert'), async (request) => {
    const { id } = v1AlertIdParamsSchema.parse(request.params);
    await deleteAlert(request.deps, { id }, keyCallerOf(request));
    return { id, deleted: true as const, asOf: request.deps.now().toISOString() };
  });
}
