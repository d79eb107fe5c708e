import type { ServiceDeps } from '../deps.js';
import type { ReadCache } from '../read-cache.js';

/**
 * What social reads need: the database and, in the app, the short shared cache of identical
 * reads. Without `reads` (benchmarks, the cache-equivalence test) every read goes to the database.
 */
export type SocialDeps = Pick<ServiceDeps, 'db'> & { reads?: ReadCache };

/** The app's social reads: the reads' pool, with its statement timeout, and the read cache. */
export const socialReads = (deps: ServiceDeps): SocialDeps => ({ db: deps.readDb, reads: deps.reads });
