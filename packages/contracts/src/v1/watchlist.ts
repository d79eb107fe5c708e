import { z } from 'zod';
import { WATCHLIST_FULL_MESSAGE, WATCHLIST_MAX_ASSETS } from '../watchlist.js';
import { rejectUnknownFields } from './alerts.js';
import { asOfSchema, V1_ASSET_PATTERN } from './common.js';

/** One tracked asset as /v1 lists it (GET /v1/assets, the watchlist). */
export const v1AssetSchema = z
  .object({
    symbol: z.string().describe('The ticker, as every operation names the asset'),
    name: z.string(),
    slug: z.string().describe('The CoinGecko-style id (bitcoin, usd-coin), also accepted wherever an asset is named'),
    rank: z.number().int().describe('Market-cap rank: 1 is the largest'),
  })
  .meta({ id: 'Asset' });
export type V1Asset = z.output<typeof v1AssetSchema>;

const ASSET_MESSAGE = 'each symbol must be a ticker, name or id such as BTC, Bitcoin or bitcoin';

/**
 * PUT /v1/watchlist: the whole watchlist, in order. Each entry is read as every operation reads an
 * asset (ticker, name or id) and stored as its ticker; an asset named twice is kept once.
 */
export const v1WatchlistBodySchema = z
  .strictObject(
    {
      symbols: z
        .array(z.string({ error: ASSET_MESSAGE }).regex(new RegExp(V1_ASSET_PATTERN), ASSET_MESSAGE), {
          error: 'symbols must be an array of tickers, names or ids, e.g. ["BTC", "ETH"]',
        })
        .max(WATCHLIST_MAX_ASSETS, WATCHLIST_FULL_MESSAGE)
        .meta({ description: `The watchlist's assets in order, at most ${WATCHLIST_MAX_ASSETS}; [] empties it`, example: ['BTC', 'ETH'] }),
    },
    rejectUnknownFields,
  )
  .meta({ id: 'WatchlistInput' });
export type V1WatchlistBody = z.output<typeof v1WatchlistBodySchema>;

export const v1WatchlistResponseSchema = z
  .object({
    data: z.array(v1AssetSchema).describe('The watchlist, in its order; empty until the account stars a coin'),
    asOf: asOfSchema,
  })
  .meta({ id: 'Watchlist' });
export type V1WatchlistResponse = z.output<typeof v1WatchlistResponseSchema>;
