import { PLANS, PRICE_MICROS_PER_CALL } from '@coinsight/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyIdentity } from '../services/api-keys/verify.js';

/** A path longer than this is stored cut (an unknown path may be anything a client sent). */
const MAX_PATH_LENGTH = 512;

/**
 * onResponse of the /v1 scope: every call made with a key (live or test, MCP tool calls included,
 * which are /v1 calls injected with the caller's key) goes to the request log, after its answer
 * is sent and without waiting: the writer batches the rows (services/request-log/writer.ts). A
 * call refused before its key was accepted (401) has no account to show it to, and the public
 * OpenAPI document has no key, and the public test key no live account: none is recorded. Billed: the call's count was kept (a 2xx of a
 * billable operation with a live key; v1/metering.ts), and it costs the price of a call on Pro.
 */
export async function recordRequestHook(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Null until the key check accepted one (decorated so: v1/types.ts types the accepted case).
  const key = request.apiKey as ApiKeyIdentity | null;
  // The public test key acts as an account of the test dataset only: there is no one to show its calls to.
  if (!key || key.publicKey || !this.requestLog.enabled) return;
  const reservation = request.meteringReservation;
  const billed = reservation !== null && reply.statusCode >= 200 && reply.statusCode < 300;
  const latencyMs = reply.elapsedTime;
  const path = request.url.split('?', 1)[0] ?? '';
  this.requestLog.record({
    user_id: key.userId,
    key_id: Number(key.id),
    at: new Date(this.deps.now().getTime() - latencyMs),
    method: request.method,
    path: path.length > MAX_PATH_LENGTH ? path.slice(0, MAX_PATH_LENGTH) : path,
    operation: request.routeOptions.config.operationId ?? null,
    status: reply.statusCode,
    latency_ms: latencyMs,
    billed,
    cost_micros: billed && PLANS[reservation.plan].billed ? PRICE_MICROS_PER_CALL : 0,
    request_id: request.id,
  });
}
