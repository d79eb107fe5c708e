import type { ServiceDeps } from './deps.js';

/**
 * The same deps with the clock stopped at `at`: a scheduled job runs its services as of its slot's
 * time (the runner's `now`), so a late or retried run covers the slot it was scheduled for.
 */
export function atTime<D extends Pick<ServiceDeps, 'now'>>(deps: D, at: Date): D {
  return { ...deps, now: () => at };
}
