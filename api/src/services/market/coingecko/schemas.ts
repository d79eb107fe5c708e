import { z } from 'zod';

// Shapes from CoinGecko's OpenAPI (https://docs.coingecko.com/reference/coins-markets and the other endpoints read here). zod objects
// drop the fields we do not read, so a new field in an answer never breaks the connector.

/** Most CoinGecko figures are nullable numbers; a missing one is read as null too. */
const figure = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

export const marketRowSchema = z.object({
  id: z.string().min(1),
  symbol: z.string(),
  name: z.string(),
  current_price: figure,
  market_cap: figure,
  market_cap_rank: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  total_volume: figure,
  circulating_supply: figure,
  total_supply: figure,
  max_supply: figure,
  price_change_percentage_24h: figure,
  last_updated: z.iso.datetime({ offset: true }),
});
export type MarketRow = z.output<typeof marketRowSchema>;

/** Rows are checked one by one, so one odd coin does not cost the others their quote. */
export const marketsSchema = z.array(z.unknown());

export const globalSchema = z.object({
  data: z.object({
    total_market_cap: z.record(z.string(), z.number()),
    total_volume: z.record(z.string(), z.number()),
    market_cap_percentage: z.record(z.string(), z.number()),
    market_cap_change_percentage_24h_usd: z.number(),
    updated_at: z.number().int(),
  }),
});

/** `[ms, value]`; a null value (seen for thin coins) is a point without data, dropped later. */
const series = z.array(z.tuple([z.number(), z.number().nullable()]));

export const marketChartSchema = z.object({
  prices: series,
  market_caps: series,
  total_volumes: series,
});
export type MarketChart = z.output<typeof marketChartSchema>;

/**
 * Error bodies: the 429 one is observed (`status.error_message`); the others are unconfirmed, so
 * the plain `{ error }` some endpoints answer with is read as well.
 */
export const errorBodySchema = z.union([
  z.object({ status: z.object({ error_message: z.string() }) }).transform((body) => body.status.error_message),
  z.object({ error: z.string() }).transform((body) => body.error),
]);
