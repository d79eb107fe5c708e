import type { ServiceDeps } from '../services/deps.js';
import type { MarketFeed } from '../services/market/feed.js';
import { applyRetention, backfillHistory, recordTick, rollUpCandles } from '../services/market/store.js';
import type { JobDefinition } from './runner.js';
import { atTime } from '../services/clock.js';

/** The market's scheduled work: ticks, candle roll-ups, retention, and the first start's back-fill. */
export function marketJobs(
  deps: Pick<ServiceDeps, 'db' | 'log'> & { feed: MarketFeed },
  options: {
    tickSeconds: number;
    /** Told of each stored tick before `afterTick` (the live price bus), so prices reach browsers first. */
    announce?: (now: Date) => Promise<void>;
    /** Runs after each stored tick, in the same job (the alert check). */
    afterTick?: (now: Date) => Promise<unknown>;
  },
): JobDefinition[] {
  return [
    { name: 'market-backfill', atStart: true, run: (now, _data, signal) => backfillHistory(atTime(deps, now), { signal }) },
    {
      name: 'market-tick',
      everySeconds: options.tickSeconds,
      run: async (now) => {
        const stored = await recordTick(atTime(deps, now), {});
        await options.announce?.(now);
        return options.afterTick ? { ...stored, afterTick: await options.afterTick(now) } : stored;
      },
    },
    { name: 'market-rollup', cron: '* * * * *', run: (now) => rollUpCandles(atTime(deps, now), {}) },
    { name: 'market-retention', cron: '17 * * * *', run: (now) => applyRetention(atTime(deps, now), {}) },
  ];
}
