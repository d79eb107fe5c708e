import { cryptoPricesQuerySchema, type CryptoPricesAnswer } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { marketOverview } from '../../services/market/overview.js';
import { V1Error } from '../errors.js';

/** GET /v1/crypto/prices?symbols=BTC,ETH: the market overview's figures for the named assets, in their order. */
export async function cryptoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/crypto/prices', async (request): Promise<CryptoPricesAnswer> => {
    const { symbols } = cryptoPricesQuerySchema.parse(request.query);
    const now = new Date();
    const overview = await marketOverview(app.deps, { now });
    const bySymbol = new Map(overview.assets.map((asset) => [asset.symbol, asset]));
    const unknown = symbols.filter((symbol) => !bySymbol.has(symbol));
    if (unknown.length > 0) {
      throw new V1Error(400, 'bad_request', `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, { symbols: unknown });
    }
    return {
      prices: symbols.map((symbol) => {
        const a = bySymbol.get(symbol)!;
        return {
          symbol: a.symbol,
          name: a.name,
          price: a.price,
          change24h: a.change24h,
          volume24h: a.volume24h,
          marketCap: a.marketCap,
          asOf: a.asOf,
        };
      }),
      asOf: now.toISOString(),
    };
  });
}
