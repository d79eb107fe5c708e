import { checkAlerts, type AlertCheckDeps } from '../services/alerts/check.js';
import { atTime } from '../services/clock.js';

/**
 * The alert check (docs/market-data.md): run after each stored market tick, in the tick's own job
 * (`marketJobs`' `afterTick`), so an alert is checked against the price just written and a slow
 * check delays the next tick rather than racing it. It has no schedule of its own.
 */
export function alertsAfterTick(deps: AlertCheckDeps): (now: Date) => Promise<{ fired: number }> {
  return (now) => checkAlerts(atTime(deps, now), {});
}
