import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServiceDeps } from '../services/deps.js';
import { runIdempotent, type IdempotentOutcome } from '../services/idempotency.js';
import { V1Error } from './errors.js';
import { notBillable } from './metering.js';

/** What a POST's work answers: kept as is and replayed for a retry with the same key and body. */
export type V1Outcome = IdempotentOutcome;

/** JSON with object keys sorted at every depth: `{"a":1,"b":2}` and `{"b":2,"a":1}` are one body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs a /v1 POST's work, honouring an `Idempotency-Key` header. Without one the work just runs.
 * With one, the idempotency service (services/idempotency.ts) runs it at most once per account and
 * key within 24 hours, so
 * - a retry with the same key and body gets the stored answer (same status and body, header
 *   `Idempotent-Replayed: true`), and the work does not run again;
 * - the same key with another body (or another path) is a 422;
 * - concurrent duplicates wait until the first commits, then replay it: only one runs;
 * - work that fails (any error) is never replayed: a retry runs afresh.
 * `work` must use only the database it is given (on PGlite, another would wait on the transaction).
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<ServiceDeps, 'db'>,
  work: (db: Kysely<Database>) => Promise<V1Outcome>,
): Promise<object> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const outcome = await work(deps.db);
    return reply.code(outcome.status).send(outcome.body);
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw new V1Error(400, 'bad_request', IDEMPOTENCY_KEY_MESSAGE);
  const userId = request.apiKey.userId;
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0] ?? ''}\n${canonicalJson(request.body)}`)
    .digest('hex');
  const result = await runIdempotent(deps, { userId, key: header, requestHash }, work);
  if (!result.replayed) return reply.code(result.outcome.status).send(result.outcome.body);
  if (result.requestHash !== requestHash) throw new V1Error(422, 'idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
  request.log.info({ event: 'v1.idempotent_replay', userId }, 'idempotent replay');
  // A retry is the same call: it was counted when it first ran.
  notBillable(request);
  return reply.code(result.status).header('idempotent-replayed', 'true').send(result.response);
}
