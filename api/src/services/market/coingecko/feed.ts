import { chartToCandles } from '@coinsight/db';
import type { MarketFeed } from '../feed.js';
import { createCoinGeckoClient, type CoinGeckoConfig, type CoinGeckoRuntime } from './client.js';
import { fetchMarketChart, fetchQuotes } from './endpoints.js';
import { realTiming } from './token-bucket.js';

const DAY_MS = 86_400_000;
/** market_chart answers hourly for 2-90 days back and only daily beyond. */
const HOURLY_DAYS = 90;

/**
 * MARKET_FEED=coingecko: quotes from `/coins/markets` (one call per 250 assets and tick),
 * history from `/coins/{id}/market_chart` turned into candles (see chartToCandles). CoinGecko
 * has no minute data (5-minute points at best), so minute candles come from ticks only.
 */
export function createCoinGeckoFeed(config: CoinGeckoConfig, runtime: CoinGeckoRuntime = {}): MarketFeed {
  const client = createCoinGeckoClient(config, runtime);
  const timing = runtime.timing ?? realTiming;
  return {
    name: 'coingecko',
    async latest(assets) {
      const { quotes, skipped } = await fetchQuotes(client, assets);
      if (skipped.length > 0) runtime.log?.warn({ skipped }, 'CoinGecko gave no usable quote for some assets');
      return quotes.map((q) => ({
        symbol: q.symbol,
        time: q.updatedAt,
        price: q.price,
        volume24h: q.volume24h,
        marketCap: q.marketCap,
        circulatingSupply: q.circulatingSupply,
        totalSupply: q.totalSupply,
        maxSupply: q.maxSupply,
      }));
    },
    async history(asset, interval, from, to) {
      if (interval === '1m') return [];
      const back = Math.max(1, Math.ceil((timing.now() - from.getTime()) / DAY_MS));
      const days = interval === '1h' ? Math.min(back, HOURLY_DAYS) : back;
      const chart = await fetchMarketChart(client, asset.slug, days);
      return chartToCandles(chart.prices, chart.totalVolumes, interval).filter((c) => c.openTime >= from && c.openTime < to);
    },
  };
}
