import { sentimentLabel, V1_SENTIMENT_WINDOW_HOURS, v1SentimentQuerySchema, type V1SentimentResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { meanOrNull, mentionCounts } from '../../services/social/index.js';
import { HOUR_MS } from '../../services/social/windows.js';
import { resolveSymbols } from '../symbols.js';

/** GET /v1/market/sentiment: each coin's mean sentiment over the last 24 hours, per source and over the sources asked for. */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/market/sentiment', async (request): Promise<V1SentimentResponse> => {
    const query = v1SentimentQuerySchema.parse(request.query);
    const assets = await resolveSymbols(app.deps, query.symbols);
    const to = new Date();
    const from = new Date(to.getTime() - V1_SENTIMENT_WINDOW_HOURS * HOUR_MS);
    const counts = await mentionCounts(app.deps, { symbols: assets.map((a) => a.symbol), platforms: query.sources, from, to });
    return {
      sources: query.sources,
      from: from.toISOString(),
      to: to.toISOString(),
      symbols: assets.map((asset) => {
        const bySource = counts.get(asset.symbol);
        const sources = query.sources.map((source) => {
          const { mentions, sentimentSum } = bySource?.get(source) ?? { mentions: 0, sentimentSum: 0 };
          return { source, posts: mentions, score: meanOrNull(sentimentSum, mentions) };
        });
        const posts = sources.reduce((sum, s) => sum + s.posts, 0);
        const score = meanOrNull(
          query.sources.reduce((sum, s) => sum + (bySource?.get(s)?.sentimentSum ?? 0), 0),
          posts,
        );
        return { symbol: asset.symbol, name: asset.name, score, label: score === null ? null : sentimentLabel(score), posts, sources };
      }),
      asOf: to.toISOString(),
    };
  });
}
