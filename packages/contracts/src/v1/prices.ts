import { z } from 'zod';
import type { CryptoPricesAnswer } from '../crypto-prices.js';
import { asOfSchema } from './common.js';

// GET /v1/crypto/prices' answer as a schema, for the OpenAPI document and the SDK's types. The api
// types its handler with CryptoPricesAnswer (crypto-prices.ts); `Same` below fails the build if the two part.

export const v1PriceSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    price: z.number().nullable().describe('USD; null until a price is stored'),
    change24h: z.number().nullable().describe('Percent change over 24 hours'),
    volume24h: z.number().nullable().describe('USD traded over 24 hours'),
    marketCap: z.number().nullable().describe('USD'),
    asOf: z.string().nullable().describe('When this price was taken; null until a price is stored'),
  })
  .meta({ id: 'Price' });

export const v1PricesResponseSchema = z.object({ prices: z.array(v1PriceSchema), asOf: asOfSchema });

/** True when A and B are the same type; a mismatch fails to compile where it is asserted. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _pricesMatchTheAnswer: Same<z.output<typeof v1PricesResponseSchema>, CryptoPricesAnswer> = true;
