import type { ServiceDeps } from '../deps.js';
import type { ReadCache } from '../read-cache.js';

/**
 * What social reads need: the reads' pool (a short statement timeout, plugins/db.ts), the clock,
 * the facts reads derive from their database (tsqueries, term statistics) and, in the app, the
 * short shared cache of identical reads: the one caching layer (services/read-cache.ts). All are
 * part of ServiceDeps, so edges pass `app.deps` / `ctx.deps` as they are. Without `reads`
 * (benchmarks, the cache-equivalence test) every answer is read from the database.
 */
export type SocialDeps = Pick<ServiceDeps, 'db' | 'readDb' | 'genericDb' | 'now' | 'facts' | 'columns'> & { reads?: ReadCache };
