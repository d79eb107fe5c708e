import { z } from 'zod';

/** Most symbols one GET /v1/crypto/prices names. */
export const MAX_PRICE_SYMBOLS = 50;

/** GET /v1/crypto/prices?symbols=BTC,ETH: tickers, comma-separated, read in upper case, each once. */
export const cryptoPricesQuerySchema = z.object({
  symbols: z
    .string({ error: 'symbols is required, e.g. symbols=BTC,ETH' })
    .transform((value) => [...new Set(value.split(',').map((s) => s.trim().toUpperCase()))].filter((s) => s !== ''))
    .pipe(
      z
        .array(z.string().regex(/^[A-Z0-9]{1,15}$/, 'symbols must be tickers such as BTC,ETH'))
        .min(1, 'symbols is required, e.g. symbols=BTC,ETH')
        .max(MAX_PRICE_SYMBOLS, `symbols may name at most ${MAX_PRICE_SYMBOLS} tickers`),
    ),
});
export type CryptoPricesQuery = z.output<typeof cryptoPricesQuerySchema>;
