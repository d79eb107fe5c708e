import { z } from 'zod';
import { symbolParam } from './market/schemas.js';

/** The most coins one watchlist holds. */
export const WATCHLIST_MAX_ASSETS = 50;
/** What the dashboard's Watchlist shows, by market cap, until the account stars a coin of its own. */
export const WATCHLIST_DEFAULT_SIZE = 5;

export const WATCHLIST_FULL_MESSAGE = `A watchlist holds at most ${WATCHLIST_MAX_ASSETS} coins: remove one first`;

/** The signed-in account's watchlist: its coins' tickers, in the order starred. */
export interface Watchlist {
  symbols: string[];
}

/** watchlist.toggle / PUT and DELETE /api/watchlist/:symbol: star (`starred: true`) or unstar one coin. */
export const watchlistToggleInputSchema = z.strictObject({ symbol: symbolParam, starred: z.boolean() });
export type WatchlistToggleInput = z.output<typeof watchlistToggleInputSchema>;

/** watchlist.set / PUT /api/watchlist: the whole list at once, in order (duplicates kept once). */
export const watchlistSetInputSchema = z.strictObject({
  symbols: z.array(symbolParam).max(WATCHLIST_MAX_ASSETS, WATCHLIST_FULL_MESSAGE),
});
export type WatchlistSetInput = z.output<typeof watchlistSetInputSchema>;
