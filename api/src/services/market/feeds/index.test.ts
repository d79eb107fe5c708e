import { describe, expect, it } from 'vitest';
import { createMarketFeed, MarketFeedConfigError } from './index.js';

const log = { warn: () => {} };

describe('the feed MARKET_FEED names', () => {
  it('is the simulated feed by default and the CoinGecko connector when configured', () => {
    expect(createMarketFeed({ feed: 'simulated', seed: 1, coingecko: undefined }, log).name).toBe('simulated');
    const coingecko = { apiKey: 'CG-test', plan: 'demo' as const, baseUrl: undefined, callsPerMinute: 30 };
    expect(createMarketFeed({ feed: 'coingecko', seed: 1, coingecko }, log).name).toBe('coingecko');
  });

  it('refuses the CoinGecko feed without its key, readably', () => {
    expect(() => createMarketFeed({ feed: 'coingecko', seed: 1, coingecko: undefined }, log)).toThrow(MarketFeedConfigError);
  });
});
