import type { MarketAsset, MarketOverview } from '@coinsight/contracts';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { marketOverview } from './overview.js';

type Deps = Pick<ServiceDeps, 'db' | 'now' | 'marketSnapshot'>;

/**
 * The whole overview now: the instance's per-tick snapshot while the bus vouches for it (at most
 * twice MARKET_TICK_SECONDS since the last signal, LISTEN connected), else read from the database
 * as `marketOverview` does. The two differ only by what changed since the snapshot's read: the
 * 24 h change's reference tick sliding, posts counted into the mentions since, the hour of
 * `socialAsOf` turning.
 */
export function currentOverview(deps: Deps, _input: NoInput): Promise<MarketOverview> {
  return deps.marketSnapshot?.current() ?? marketOverview(deps, {});
}

/**
 * The overview's figures for `symbols` (tracked tickers), in their order, as `marketOverview(deps,
 * { symbols })` gives them: from the snapshot when it is current, its per-asset figures being the
 * same whatever else is asked (rank, totals and dominance are not, and are not given here).
 * A ticker the snapshot lacks (an asset added since) sends the call to the database.
 */
export async function currentPrices(deps: Deps, input: { symbols: readonly string[] }): Promise<MarketAsset[]> {
  const { symbols } = input;
  const snapshot = deps.marketSnapshot?.current();
  if (snapshot) {
    const bySymbol = new Map((await snapshot).assets.map((asset) => [asset.symbol, asset]));
    const picked = symbols.map((symbol) => bySymbol.get(symbol));
    if (picked.every((asset) => asset !== undefined)) return picked;
  }
  return (await marketOverview(deps, input)).assets;
}
