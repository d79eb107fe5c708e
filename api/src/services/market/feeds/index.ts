import type { MarketFeedName } from '@coinsight/contracts';
import type { MarketFeed } from '../feed.js';
import { createSimulatedFeed } from './simulated.js';

/** A feed that cannot run as configured; the server prints its message and does not start. */
export class MarketFeedConfigError extends Error {
  override name = 'MarketFeedConfigError';
}

/** The feed MARKET_FEED names (env.ts has already refused names it does not know). */
export function createMarketFeed(options: { feed: MarketFeedName; seed: number }): MarketFeed {
  switch (options.feed) {
    case 'simulated':
      return createSimulatedFeed({ seed: options.seed });
    case 'coingecko':
      throw new MarketFeedConfigError(
        'MARKET_FEED=coingecko needs the CoinGecko connector, which this build does not include yet; use MARKET_FEED=simulated.',
      );
  }
}
