import { z } from 'zod';
import { rejectUnknownParameters } from './social/params.js';
import { assetListParam } from './v1/common.js';

/** Most symbols one GET /v1/crypto/prices names. */
export const MAX_PRICE_SYMBOLS = 50;

/**
 * GET /v1/crypto/prices?symbols=BTC,ETH: assets, comma-separated, read as every /v1 operation reads
 * them (a ticker in any case, a name or an id: GET /v1/market/sentiment takes the same), each once.
 */
export const cryptoPricesQuerySchema = z.strictObject({ symbols: assetListParam('symbols', MAX_PRICE_SYMBOLS) }, rejectUnknownParameters);
export type CryptoPricesQuery = z.output<typeof cryptoPricesQuerySchema>;
