import { v1HistoryQuerySchema, type V1HistoryResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { assetHistory } from '../../services/market/index.js';
import { resolveSymbol } from '../../services/market/assets.js';
import { v1Schema } from '../response-schema.js';
import { rangeAsOfTestClock } from '../test-mode.js';

/** GET /v1/crypto/history: an asset's stored candles over [from, to), oldest first. */
export async function cryptoHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/crypto/history', v1Schema('getCryptoHistory'), async (request): Promise<V1HistoryResponse> => {
    const query = rangeAsOfTestClock(request, v1HistoryQuerySchema.parse(request.query));
    const asset = await resolveSymbol(request.deps, { symbol: query.symbol });
    const asOf = request.deps.now();
    const history = await assetHistory(request.deps, { symbol: asset.symbol, interval: query.interval, from: query.from, to: query.to });
    return {
      symbol: asset.symbol,
      name: asset.name,
      interval: history.interval,
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      candles: history.candles,
      asOf: asOf.toISOString(),
    };
  });
}
