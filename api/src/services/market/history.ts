import type { MarketHistory, MarketHistoryInput } from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { trackedAssets } from './assets.js';

/**
 * An asset's stored candles in [from, to), oldest first. The asset is checked against the tracked
 * assets (through the read cache where there is one), so a call is one statement.
 */
export async function assetHistory(
  deps: Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'reads'>>,
  input: MarketHistoryInput,
): Promise<MarketHistory> {
  const { db } = deps;
  const assets = await trackedAssets(deps, {});
  if (!assets.some((a) => a.symbol === input.symbol)) throw new AppError('BAD_REQUEST', `symbol ${input.symbol} is not a tracked asset`);
  const candles = await db
    .selectFrom('candles')
    .select(['open_time', 'open', 'high', 'low', 'close', 'volume'])
    .where('asset', '=', input.symbol)
    .where('interval', '=', input.interval)
    .where('open_time', '>=', input.from)
    .where('open_time', '<', input.to)
    .orderBy('open_time')
    .execute();
  return {
    symbol: input.symbol,
    interval: input.interval,
    candles: candles.map((c) => ({
      time: c.open_time.toISOString(),
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
    })),
  };
}
