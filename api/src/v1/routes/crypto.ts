import { cryptoPricesQuerySchema, type V1PricesResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { atTime } from '../../services/clock.js';
import { resolveAsset, trackedAssets, type TrackedAsset } from '../../services/market/assets.js';
import { currentPrices } from '../../services/market/current.js';
import { AppError } from '../../services/errors.js';
import { V1Error } from '../errors.js';
import { v1Schema } from '../response-schema.js';

/**
 * GET /v1/crypto/prices?symbols=BTC,ethereum: the market overview's figures for the named assets,
 * in their order. Each is read as on every /v1 operation (ticker in any case, name or id); the
 * ones not tracked are named together (`symbols`), an ambiguous name is a 409 with its candidates.
 * The figures come from the instance's per-tick snapshot while it is current (market/current.ts):
 * a test key's deps have none, so it reads the test dataset.
 */
export async function cryptoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/crypto/prices', v1Schema('getCryptoPrices'), async (request): Promise<V1PricesResponse> => {
    const query = cryptoPricesQuerySchema.parse(request.query);
    const tracked = await trackedAssets(request.deps, {});
    const unknown: string[] = [];
    const found: TrackedAsset[] = [];
    for (const symbol of query.symbols) {
      try {
        found.push(resolveAsset(tracked, symbol, 'symbols'));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
        unknown.push(symbol);
      }
    }
    if (unknown.length > 0) {
      throw new V1Error(400, 'bad_request', `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, {
        param: 'symbols',
        symbols: unknown,
      });
    }
    const symbols = [...new Set(found.map((asset) => asset.symbol))];
    // One reading of the clock for the figures and the answer's asOf.
    const now = request.deps.now();
    const assets = await currentPrices(atTime(request.deps, now), { symbols });
    return {
      prices: assets.map((a) => ({
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
