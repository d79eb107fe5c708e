import { sentimentLabel, V1_SENTIMENT_WINDOW_HOURS, v1SentimentQuerySchema, type V1SentimentResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { resolveSymbols } from '../../services/market/assets.js';
import { mentionSummaries } from '../../services/social/index.js';
import { HOUR_MS } from '../../services/social/windows.js';
import { v1Schema } from '../response-schema.js';

/** GET /v1/market/sentiment: each coin's mean sentiment over the last 24 hours, per source and over the sources asked for. */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/market/sentiment', v1Schema('getMarketSentiment'), async (request): Promise<V1SentimentResponse> => {
    const query = v1SentimentQuerySchema.parse(request.query);
    const assets = await resolveSymbols(request.deps, { symbols: query.symbols });
    const to = request.deps.now();
    const from = new Date(to.getTime() - V1_SENTIMENT_WINDOW_HOURS * HOUR_MS);
    const summaries = await mentionSummaries(request.deps, { symbols: assets.map((a) => a.symbol), platforms: query.sources, from, to });
    return {
      sources: query.sources,
      from: from.toISOString(),
      to: to.toISOString(),
      symbols: assets.map((asset, i) => {
        const { platforms, total } = summaries[i]!;
        return {
          symbol: asset.symbol,
          name: asset.name,
          score: total.sentiment,
          label: total.sentiment === null ? null : sentimentLabel(total.sentiment),
          posts: total.mentions,
          sources: platforms.map((p) => ({ source: p.platform, posts: p.mentions, score: p.sentiment })),
        };
      }),
      asOf: to.toISOString(),
    };
  });
}
