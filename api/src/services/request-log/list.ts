import { V1_CURSOR_MESSAGE, type RequestLogPage, type RequestLogQuery } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';

/** The position after a row: its time (ms) and id, opaque to clients (base64url). */
function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.getTime()}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_REQUEST', V1_CURSOR_MESSAGE, { param: 'cursor' });
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}

/**
 * One page of the caller's request log (GET /v1/usage/requests and the dashboard's Requests table):
 * the account's calls, newest first (time, then id), filtered by key (its id or the start of its
 * prefix), status (one or a class) and operation. Only the caller's own rows: a key id or prefix
 * of another account matches nothing, as one that does not exist. A page of `limit` rows and the
 * cursor of the next, read on the (user_id, at, id) index.
 */
export async function listRequestLogs(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: RequestLogQuery,
  caller: SignedIn,
): Promise<RequestLogPage> {
  const asOf = deps.now();
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const { key, status, operation } = input;
  let query = deps.db
    .selectFrom('api_request_logs as l')
    .innerJoin('api_keys as k', (join) => join.onRef('k.id', '=', 'l.key_id').onRef('k.user_id', '=', 'l.user_id'))
    .select([
      'l.id',
      'l.at',
      'l.method',
      'l.path',
      'l.operation',
      'l.status',
      'l.latency_ms',
      'l.billed',
      'l.cost_micros',
      'l.request_id',
      'l.key_id',
      'k.name as key_name',
      'k.prefix as key_prefix',
    ])
    .where('l.user_id', '=', caller.userId);
  if (key && 'id' in key) query = query.where('l.key_id', '=', key.id);
  if (key && 'prefix' in key) query = query.where(sql<boolean>`starts_with(k.prefix, ${key.prefix})`);
  if (status && 'exact' in status) query = query.where('l.status', '=', status.exact);
  if (status && 'from' in status) query = query.where('l.status', '>=', status.from).where('l.status', '<=', status.to);
  if (operation) query = query.where('l.operation', '=', operation);
  if (after) query = query.where((eb) => eb(eb.refTuple('l.at', 'l.id'), '<', eb.tuple(after.at, after.id)));
  const rows = await query
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      method: row.method,
      path: row.path,
      operation: row.operation,
      status: row.status,
      latencyMs: Math.round(row.latency_ms * 100) / 100,
      billed: row.billed,
      costMicros: row.cost_micros,
      requestId: row.request_id,
      key: { id: row.key_id, name: row.key_name, prefix: row.key_prefix },
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.at, last.id) : null,
    asOf: asOf.toISOString(),
  };
}
