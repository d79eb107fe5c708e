import { SERVICE_BUSY_MESSAGE } from '@coinsight/contracts';
import { PoolBusyError } from '@coinsight/db';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
  isDatabaseUnavailable,
  isPoolBusy,
  QUERY_TOO_SLOW_MESSAGE,
  serviceUnavailable,
} from './db-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['refusals on IPv4 and IPv6 at once', new AggregateError([withCode('', 'ECONNREFUSED'), withCode('', 'ECONNREFUSED')], '')],
    ['a server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    // pg-pool's own error reaches the edges only when the database answered nothing during the wait.
    ['a pool wait without an answer from the database', new Error('timeout exceeded when trying to connect')],
    ['a stopped embedded database', new Error('The embedded database stopped (worker exit code 1).')],
    ['the cause of a wrapping error', new Error('query failed', { cause: withCode('', 'ECONNRESET') })],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a non-error', 'ECONNREFUSED'],
  ])('does not mistake %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('databaseUnavailable', () => {
  const cancelled = () => withCode('canceling statement due to statement timeout', '57014');

  it('tells a read cancelled at its time limit to narrow the request, and an outage to retry', () => {
    expect(databaseUnavailable(cancelled()).message).toBe(QUERY_TOO_SLOW_MESSAGE);
    expect(databaseUnavailable(new Error('search failed', { cause: cancelled() })).message).toBe(QUERY_TOO_SLOW_MESSAGE);
    expect(databaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    for (const thrown of [cancelled(), withCode('', 'ECONNRESET')]) {
      expect(databaseUnavailable(thrown)).toMatchObject({ status: 503, options: { retryAfterSeconds: 5 } });
    }
  });
});

describe('serviceUnavailable', () => {
  it('docs/security.md §22: a pool wait that ran out while the database answered is busy (Retry-After 2), not an outage', () => {
    const busy = new PoolBusyError(2_000, 10, 40);
    expect(isPoolBusy(busy)).toBe(true);
    expect(isPoolBusy(new Error('list failed', { cause: busy }))).toBe(true);
    expect(isDatabaseUnavailable(busy)).toBe(false);
    expect(serviceUnavailable(busy)).toMatchObject({ status: 503, message: SERVICE_BUSY_MESSAGE, options: { retryAfterSeconds: 2 } });
  });

  it("a read a replica cancelled for its replay is busy (retry helps); a serialization failure on the primary is not the service's", () => {
    const conflict = withCode('canceling statement due to conflict with recovery', '40001');
    expect(serviceUnavailable(new Error('list failed', { cause: conflict }))).toMatchObject({
      status: 503,
      message: SERVICE_BUSY_MESSAGE,
      options: { retryAfterSeconds: 2 },
    });
    expect(isDatabaseUnavailable(conflict)).toBe(false);
    expect(serviceUnavailable(withCode('could not serialize access due to concurrent update', '40001'))).toBeNull();
  });

  it('keeps the outage answers, and is null for anything else', () => {
    expect(serviceUnavailable(new Error('timeout exceeded when trying to connect'))?.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(serviceUnavailable(withCode('', 'ECONNREFUSED'))?.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(serviceUnavailable(withCode('canceling statement due to statement timeout', '57014'))?.message).toBe(QUERY_TOO_SLOW_MESSAGE);
    expect(serviceUnavailable(new TypeError('x is undefined'))).toBeNull();
  });
});
