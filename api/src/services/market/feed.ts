import type { CandleInterval } from '@coinsight/contracts';
import type { Candle } from '@coinsight/db';

/** The assets a feed is asked about: the `assets` table's symbol and CoinGecko-format id. */
export interface FeedAsset {
  symbol: string;
  slug: string;
}

/** What a feed reports for one asset at one moment. All figures in USD. */
export interface MarketQuote {
  symbol: string;
  /** When the figure was true (the provider's last update, or the tick time). */
  time: Date;
  price: number;
  volume24h: number | null;
  marketCap: number | null;
  /** Supplies when the provider reports them; they update the `assets` row. */
  circulatingSupply?: number | null;
  totalSupply?: number | null;
  maxSupply?: number | null;
}

/**
 * A source of prices (MARKET_FEED). The tick job asks `latest` on every tick and stores the
 * quotes; the back-fill asks `history` once per asset and interval on a first start. A feed
 * neither reads nor writes the database: storing is the jobs' part, so every feed is stored alike.
 */
export interface MarketFeed {
  readonly name: string;
  /** Quotes for the assets it knows; assets it cannot price are left out, not an error. */
  latest(assets: readonly FeedAsset[], now: Date): Promise<MarketQuote[]>;
  /** Candles whose open_time lies in [from, to), oldest first. */
  history(asset: FeedAsset, interval: CandleInterval, from: Date, to: Date): Promise<Candle[]>;
}
