// Errors that mean "the database is not there right now" rather than "this query is wrong":
// network errors from the driver, PostgreSQL's connection-exception and shutdown classes, and
// an embedded database that stopped, and a database already closed by a shutdown in progress.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const SQLSTATE_UNAVAILABLE = /^(08|57P0[1-3])/;
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /embedded database stopped/i,
  /Cannot use a pool after calling end/i,
  /driver has already been destroyed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    if (MESSAGES.some((m) => m.test(e instanceof Error ? e.message : ''))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
