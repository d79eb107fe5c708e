import type { Db } from '@coinsight/db';
import type { Log } from '../services/deps.js';
import type { MarketFeed } from '../services/market/feed.js';
import { applyRetention, backfillHistory, recordTick, rollUpCandles } from '../services/market/store.js';
import type { JobDefinition } from './runner.js';

/** The market's scheduled work: ticks, candle roll-ups, retention, and the first start's back-fill. */
export function marketJobs(
  deps: { db: Db; log: Log; feed: MarketFeed },
  options: {
    tickSeconds: number;
    /** Told of each stored tick before `afterTick` (the live price bus), so prices reach browsers first. */
    announce?: (now: Date) => Promise<void>;
    /** Runs after each stored tick, in the same job (the alert check). */
    afterTick?: (now: Date) => Promise<unknown>;
  },
): JobDefinition[] {
  return [
    { name: 'market-backfill', atStart: true, run: (now, _data, signal) => backfillHistory(deps, { now, signal }) },
    {
      name: 'market-tick',
      everySeconds: options.tickSeconds,
      run: async (now) => {
        const stored = await recordTick(deps, { now });
        await options.announce?.(now);
        return options.afterTick ? { ...stored, afterTick: await options.afterTick(now) } : stored;
      },
    },
    { name: 'market-rollup', cron: '* * * * *', run: (now) => rollUpCandles(deps, { now }) },
    { name: 'market-retention', cron: '17 * * * *', run: (now) => applyRetention(deps, { now }) },
  ];
}
