import type { Generated } from 'kysely';

/** One coin an account starred; its watchlist is its rows in `position` order. */
export interface WatchlistItemsTable {
  user_id: string;
  /** The asset's ticker (assets.symbol). */
  symbol: string;
  /** Order in the watchlist, from 0. */
  position: number;
  created_at: Generated<Date>;
}
