import type { MarketFeedName } from '@coinsight/contracts';
import type { Log } from '../../deps.js';
import type { CoinGeckoConfig } from '../coingecko/client.js';
import { createCoinGeckoFeed } from '../coingecko/feed.js';
import type { MarketFeed } from '../feed.js';
import { createSimulatedFeed } from './simulated.js';

/** A feed that cannot run as configured; the server prints its message and does not start. */
export class MarketFeedConfigError extends Error {
  override name = 'MarketFeedConfigError';
}

/** The feed MARKET_FEED names (env.ts has already refused names it does not know). */
export function createMarketFeed(
  options: { feed: MarketFeedName; seed: number; coingecko: CoinGeckoConfig | undefined },
  log: Pick<Log, 'warn'>,
): MarketFeed {
  switch (options.feed) {
    case 'simulated':
      return createSimulatedFeed({ seed: options.seed });
    case 'coingecko':
      // env.ts refuses this already; kept so a config built by hand fails as readably.
      if (!options.coingecko) throw new MarketFeedConfigError('MARKET_FEED=coingecko needs COINGECKO_API_KEY.');
      return createCoinGeckoFeed(options.coingecko, { log });
  }
}
