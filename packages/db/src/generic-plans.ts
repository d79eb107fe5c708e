import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A pool whose statements run on generic plans, each planned once per connection
 * (docs/performance.md, "Generic plans"). Planning a statement over the monthly partitions of
 * `posts` costs more than running it (a list page: 3.3 ms of planning, 1.7 ms of execution at
 * four months); a prepared statement's generic plan is made once and then run with each
 * request's values, its months chosen when it starts.
 *
 * A generic plan does not see the values, so it guesses: a LIMIT $n is taken for a tenth of the
 * rows, and with that guess PostgreSQL joins a 25-row page back to the posts by hashing every
 * post. The settings below rule out what only such guesses choose: parallel workers, hash and
 * merge joins. Statements sent here are those whose shape fixes their plan (an index walked in
 * order, rows probed by key); what depends on the values stays on a pool planned per call.
 */
export const GENERIC_PLAN_OPTIONS =
  '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c enable_hashjoin=off -c enable_mergejoin=off';

/**
 * Statements kept prepared per connection. A statement's text names it (a hash), so the same
 * statement is prepared once on each connection; past this many, further texts run unnamed
 * (planned generically all the same, not kept), so a caller that builds ever-new texts cannot
 * grow the server's memory without bound.
 */
export const PREPARED_PER_CONNECTION = 256;

const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();

const nameOf = (text: string) => `g_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * The client with its plain `query(text, values)` calls (what Kysely sends) turned into named
 * statements; cursors and config objects pass through untouched. Made once per connection.
 */
export function preparingClient(client: pg.PoolClient): pg.PoolClient {
  const known = wrapped.get(client);
  if (known) return known;
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const preparing = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || rest.length > 0 || typeof values === 'function') return query(text, values, ...rest);
    const name = nameOf(text);
    if (!names.has(name)) {
      if (names.size >= PREPARED_PER_CONNECTION) return query(text, values);
      names.add(name);
    }
    return query({ name, text, values });
  };
  const proxy = new Proxy(client, {
    get: (target, property, receiver) => (property === 'query' ? preparing : (Reflect.get(target, property, receiver) as unknown)),
  });
  wrapped.set(client, proxy);
  return proxy;
}
