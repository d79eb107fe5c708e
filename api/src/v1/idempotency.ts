import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_WINDOW_MS } from '@coinsight/contracts';
import type { Database, Db } from '@coinsight/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { V1Error } from './errors.js';
import { notBillable } from './metering.js';

/** What a POST's work answers: kept as is and replayed for a retry with the same key and body. */
export interface V1Outcome {
  status: number;
  body: object;
}

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
 * With one, in a single transaction: the (account, key) row is inserted first, then the work runs
 * on that transaction and its answer is stored in the row. So
 * - a retry with the same key and body within 24 hours gets the stored answer (same status and
 *   body, header `Idempotent-Replayed: true`), and the work does not run again;
 * - the same key with another body (or another path) is a 422;
 * - concurrent duplicates wait on the row's primary key until the first commits, then replay it:
 *   only one runs;
 * - work that fails (any error) rolls the row back with it, so errors are never replayed and a
 *   retry runs afresh; a crash mid-request leaves nothing behind either.
 * Rows older than 24 hours count as absent: the claim deletes an expired row of the same key,
 * and after each claim the account's other expired rows go (lazy expiry, no scheduled job).
 * `work` must use only the database it is given (on PGlite, another would wait on this transaction).
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  work: (db: Kysely<Database>) => Promise<V1Outcome>,
): Promise<object> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const outcome = await work(db);
    return reply.code(outcome.status).send(outcome.body);
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw new V1Error(400, 'bad_request', IDEMPOTENCY_KEY_MESSAGE);
  const userId = request.apiKey.userId;
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0] ?? ''}\n${canonicalJson(request.body)}`)
    .digest('hex');
  const expiredBefore = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS);

  const result = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', header)
      .where('created_at', '<', expiredBefore)
      .execute();
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key: header, request_hash: requestHash, status_code: 0, response: '{}' })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', header)
        .executeTakeFirstOrThrow();
      return { replayed: true as const, ...first };
    }
    const outcome = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: outcome.status, response: JSON.stringify(outcome.body) })
      .where('user_id', '=', userId)
      .where('key', '=', header)
      .execute();
    return { replayed: false as const, outcome };
  });

  if (!result.replayed) {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('created_at', '<', expiredBefore).execute();
    return reply.code(result.outcome.status).send(result.outcome.body);
  }
  if (result.request_hash !== requestHash) throw new V1Error(422, 'idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
  request.log.info({ event: 'v1.idempotent_replay', userId }, 'idempotent replay');
  // A retry is the same call: it was counted when it first ran.
  notBillable(request);
  return reply.code(result.status_code).header('idempotent-replayed', 'true').send(result.response);
}
