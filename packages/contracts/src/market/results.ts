import type { CandleInterval } from './constants.js';

/** One tracked asset in the market overview (docs/product.md §3 Market asset, plus what the figures rest on). */
export interface MarketAsset {
  id: string;
  symbol: string;
  name: string;
  /** Rank by market cap among the tracked assets, 1 = largest. */
  rank: number;
  /** USD; null until the first tick. */
  price: number | null;
  /** Percent change of the price over the last 24 hours; null without a price 24 hours ago. */
  change24h: number | null;
  /** USD traded over the last 24 hours. */
  volume24h: number | null;
  /** USD. */
  marketCap: number | null;
  circulatingSupply: number | null;
  totalSupply: number | null;
  maxSupply: number | null;
  /** Mentions of the coin ('$BTC') in stored posts over the last 24 hours, all platforms. */
  mentions24h: number;
  /** Mean sentiment (0 to 1) of those posts; null when there are none. */
  sentiment: number | null;
  /** How many posts `sentiment` averages. */
  sentimentPosts: number;
  /** When the price, volume and cap were last updated (the latest tick); null without one. */
  asOf: string | null;
}

export interface MarketOverview {
  assets: MarketAsset[];
  /** USD, the sum over the tracked assets (not the whole crypto market). */
  totalMarketCap: number;
  btcDominance: {
    /** Percent, two decimals; null without a BTC cap. */
    value: number | null;
    /** Always 'tracked-assets': BTC's cap over the total of the assets listed here. */
    basis: 'tracked-assets';
    label: string;
  };
  /** How many assets are tracked. */
  trackedAssets: number;
  /** The latest tick behind any figure above; null before the first tick. */
  asOf: string | null;
  /** The 24-hour window the mentions and sentiment cover ends here (the end of the current hour). */
  socialAsOf: string;
}

export interface Candle {
  /** ISO time the candle opens. */
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** USD traded during the candle. */
  volume: number;
}

export interface MarketHistory {
  symbol: string;
  interval: CandleInterval;
  candles: Candle[];
}

/** market.sparklines: hourly closes over the last 7 days per asset, oldest first, for small charts. */
export interface MarketSparklines {
  interval: '1h';
  /** ISO start (inclusive) and end (exclusive) of the window. */
  from: string;
  to: string;
  series: { symbol: string; closes: number[] }[];
}

/** One bucket of an asset's social figures: mentions of '$SYMBOL' and their mean sentiment. */
export interface MentionPoint {
  /** ISO start of the hour or UTC day. */
  time: string;
  mentions: number;
  /** Mean sentiment (0 to 1) of those posts; null when there are none. */
  sentiment: number | null;
}

/** market.asset: the asset's overview figures and its mentions and sentiment over the chart's span. */
export interface MarketAssetDetail {
  asset: MarketAsset;
  interval: CandleInterval;
  /** The span the chart and the social series cover (DEFAULT_HISTORY_SPAN_MS of the interval). */
  from: string;
  to: string;
  social: {
    /** Hourly buckets for the minute chart (one day), daily ones for the longer charts. */
    bucket: 'hour' | 'day';
    points: MentionPoint[];
    mentions: number;
    /** Mean sentiment over the whole span, with the number of posts behind it. */
    sentiment: number | null;
    sentimentPosts: number;
  };
}
