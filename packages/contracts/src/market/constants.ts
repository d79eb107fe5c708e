/** Candle intervals stored and served: minute candles are kept 30 days, hourly and daily forever. */
export const CANDLE_INTERVALS = ['1m', '1h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export const CANDLE_INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/** Where prices come from (MARKET_FEED). */
export const MARKET_FEEDS = ['simulated', 'coingecko'] as const;
export type MarketFeedName = (typeof MARKET_FEEDS)[number];

/** How long stored market data is kept (the retention job). Hourly and daily candles are kept. */
export const MARKET_RETENTION_MS = {
  ticks: 48 * 3_600_000,
  minuteCandles: 30 * 86_400_000,
} as const;

/** How far back charts reach on a first start: the back-fill. */
export const MARKET_BACKFILL_DAYS = 90;
