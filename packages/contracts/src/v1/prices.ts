import { z } from 'zod';
import { asOfSchema, timestampSchema } from './common.js';

// GET /v1/crypto/prices' answer: one schema for the OpenAPI document, the route's response schema
// (its serializer) and, through z.output, the handler's and the SDK's types.

export const v1PriceSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    price: z.number().nullable().describe('USD; null until a price is stored'),
    change24h: z.number().nullable().describe('Percent change over 24 hours'),
    volume24h: z.number().nullable().describe('USD traded over 24 hours'),
    marketCap: z.number().nullable().describe('USD'),
    asOf: timestampSchema('When this price was taken; null until a price is stored').nullable(),
  })
  .meta({ id: 'Price' });

export const v1PricesResponseSchema = z.object({ prices: z.array(v1PriceSchema), asOf: asOfSchema }).meta({ id: 'PricesResponse' });

export type V1Price = z.output<typeof v1PriceSchema>;
export type V1PricesResponse = z.output<typeof v1PricesResponseSchema>;
