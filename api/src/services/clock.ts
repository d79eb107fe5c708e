import type { ServiceDeps } from './deps.js';

/**
 * The same deps with the clock stopped at `at`: a scheduled job runs its services as of its slot's
 * time (the runner's `now`), so a late or retried run covers the slot it was scheduled for; a
 * service reading the time for several figures of one answer reads it once; a test pins time.
 */
export function atTime<D extends object>(deps: D, at: Date): Omit<D, 'now'> & Pick<ServiceDeps, 'now'> {
  return { ...deps, now: () => at };
}
