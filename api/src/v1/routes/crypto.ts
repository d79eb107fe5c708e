import { cryptoPricesQuerySchema, type V1PricesResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { atTime } from '../../services/clock.js';
import { marketOverview } from '../../services/market/overview.js';
import { v1Schema } from '../response-schema.js';

/** GET /v1/crypto/prices?symbols=BTC,ETH: the market overview's figures for the named assets, in their order. */
export async function cryptoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/crypto/prices', v1Schema('getCryptoPrices'), async (request): Promise<V1PricesResponse> => {
    const { symbols } = cryptoPricesQuerySchema.parse(request.query);
    // One reading of the clock for the figures and the answer's asOf.
    const now = request.deps.now();
    const overview = await marketOverview(atTime(request.deps, now), { symbols });
    return {
      prices: overview.assets.map((a) => ({
        symbol: a.symbol,
        name: a.name,
        price: a.price,
        change24h: a.change24h,
        volume24h: a.volume24h,
        marketCap: a.marketCap,
        asOf: a.asOf,
      })),
      asOf: now.toISOString(),
    };
  });
}
