import type { ServiceDeps } from '../deps.js';
import type { ReadCache } from '../read-cache.js';

/**
 * What social reads need: the reads' pool (a short statement timeout, plugins/db.ts), the clock
 * and, in the app, the short shared cache of identical reads. All three are part of ServiceDeps,
 * so edges pass `app.deps` / `ctx.deps` as they are. Without `reads` (benchmarks, the
 * cache-equivalence test) every read goes to the database.
 */
export type SocialDeps = Pick<ServiceDeps, 'db' | 'readDb' | 'now'> & { reads?: ReadCache };
