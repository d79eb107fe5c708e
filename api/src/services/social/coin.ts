import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { trackedAssets } from '../market/assets.js';
import type { ReadCache } from '../read-cache.js';

export const notTrackedCoin = (coin: string) => `coin ${coin} is not a tracked coin`;

/**
 * A list's or download's `coin` must be a tracked coin's ticker: the analysis writes only those into
 * posts' `symbols`, so any other would silently match nothing. Answered from the tracked assets,
 * which the read cache holds.
 */
export async function requireTrackedCoin(
  deps: Pick<ServiceDeps, 'db'> & { reads?: ReadCache },
  input: { coin?: string | undefined },
): Promise<void> {
  const { coin } = input;
  if (!coin) return;
  const assets = await trackedAssets(deps, {});
  if (!assets.some((asset) => asset.symbol === coin)) throw new AppError('BAD_REQUEST', notTrackedCoin(coin), { param: 'coin' });
}
