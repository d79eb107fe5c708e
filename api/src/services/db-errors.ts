import { SERVICE_BUSY_MESSAGE, SERVICE_BUSY_RETRY_AFTER_SECONDS } from '@coinsight/contracts';
import { PoolBusyError } from '@coinsight/db';
import { AppError } from './errors.js';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable (database unreachable). Please retry shortly.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const QUERY_TOO_SLOW_MESSAGE =
  'This request took too long to answer. Narrow it (a shorter date range, more specific terms or filters) or retry in a moment.';

// Errors that mean "the database is not there right now" rather than "this query is wrong":
// network errors from the driver, PostgreSQL's connection-exception and shutdown classes, and
// an embedded database that stopped, and a database already closed by a shutdown in progress.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// 57014: a statement cancelled by statement_timeout, i.e. a database too slow to answer in time.
const SQLSTATE_UNAVAILABLE = /^(08|57P0[1-3]|57014$)/;
// 'Query read timeout': pg's query_timeout, a link that went silent.
const MESSAGES = [
  /Query read timeout/,
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /embedded database stopped/i,
  /Cannot use a pool after calling end/i,
  /driver has already been destroyed/i,
];

/**
 * Whether `test` holds for the error, one of its causes (five deep at most), or any error an
 * AggregateError among them gathers (a refused connection on IPv4 and IPv6 at once).
 */
function anyInChain(error: unknown, test: (e: Error & { code?: unknown }) => boolean): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (test(e)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => anyInChain(inner, test))) return true;
  }
  return false;
}

/**
 * No pooled connection came free within the pool's wait while the database answered (PoolBusyError,
 * packages/db): the instance is busy, not cut off. The pool logs these in aggregate, not the edges.
 */
export const isPoolBusy = (error: unknown): boolean => anyInChain(error, (e) => e instanceof PoolBusyError);

/**
 * A read replica cancelled the statement because replaying the primary's changes needed the rows
 * it read (40001, "conflict with recovery"): nothing is wrong with the request, and the same read a
 * moment later succeeds, so it is answered as busy.
 */
export const isReplicaConflict = (error: unknown): boolean =>
  anyInChain(error, ({ code, message }) => code === '40001' && /conflict with recovery/i.test(message));

export function isDatabaseUnavailable(error: unknown): boolean {
  if (isPoolBusy(error) || isReplicaConflict(error)) return false;
  return anyInChain(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) || MESSAGES.some((m) => m.test(message)),
  );
}

/** A statement PostgreSQL cancelled at its statement_timeout (57014): the database is there, this read was too costly. */
const isStatementTimeout = (error: unknown) => anyInChain(error, ({ code }) => code === '57014');

/**
 * The 503 REST, tRPC and /v1 alike answer for what the database layer threw, or null when it is
 * no such failure: busy when the pool's wait ran out (the same answer as load shedding's) or a
 * replica cancelled a read for its replay, else
 * the outage's (databaseUnavailable).
 */
export function serviceUnavailable(thrown: unknown): AppError | null {
  if (isPoolBusy(thrown) || isReplicaConflict(thrown))
    return new AppError('SERVICE_UNAVAILABLE', SERVICE_BUSY_MESSAGE, { retryAfterSeconds: SERVICE_BUSY_RETRY_AFTER_SECONDS });
  return isDatabaseUnavailable(thrown) ? databaseUnavailable(thrown) : null;
}

/**
 * The answer REST, tRPC and /v1 alike give when `thrown` is an outage (isDatabaseUnavailable): 503
 * and retry in a few seconds. A read cancelled at its time limit says so, since narrowing it is
 * what helps; an unreachable database says that.
 */
export function databaseUnavailable(thrown?: unknown): AppError {
  const message = isStatementTimeout(thrown) ? QUERY_TOO_SLOW_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE;
  return new AppError('SERVICE_UNAVAILABLE', message, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
}
