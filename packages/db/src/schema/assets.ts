import type { Generated, Selectable } from 'kysely';

/** A tracked crypto asset; the list that posts are matched against and that prices are kept for. */
export interface AssetsTable {
  /** Upper-case ticker, e.g. `BTC`. */
  symbol: string;
  name: string;
  /** Lower-case slug, the id used by CoinGecko-format providers, e.g. `bitcoin`. */
  slug: string;
  /** Market-cap rank when the list was made; smaller is bigger. */
  rank: number;
  /** Coins in circulation, as the feed last reported; null until one has. */
  circulating_supply: number | null;
  total_supply: number | null;
  /** Null for assets without a cap (ETH, DOGE). */
  max_supply: number | null;
  created_at: Generated<Date>;
}

export type AssetRow = Selectable<AssetsTable>;
