import {
  SOCIAL_PLATFORMS,
  sentimentLabel,
  V1_SENTIMENT_WINDOW_HOURS,
  v1SentimentQuerySchema,
  type V1SentimentResponse,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../services/deps.js';
import { resolveSymbols, trackedAssets } from '../../services/market/assets.js';
import { readKey } from '../../services/read-cache.js';
import { mentionCounts, summarizeMentions } from '../../services/social/index.js';
import { HOUR_MS } from '../../services/social/windows.js';
import { v1Schema } from '../response-schema.js';

/**
 * The last 24 hours' mentions and sentiment sums of every tracked coin on every platform, read
 * in one statement and held for READ_CACHE_TTL_MS: each sentiment call, whatever coins and
 * sources it names, is folded from it, so calls naming different coins share one read and one
 * window. Every call is metered all the same.
 */
async function sentimentWindow(deps: ServiceDeps) {
  return deps.reads.get(readKey('v1.sentiment-window'), async () => {
    const to = deps.now();
    const from = new Date(to.getTime() - V1_SENTIMENT_WINDOW_HOURS * HOUR_MS);
    const symbols = (await trackedAssets(deps, {})).map((a) => a.symbol);
    return { from, to, counts: await mentionCounts(deps, { symbols, platforms: SOCIAL_PLATFORMS, from, to }) };
  });
}

/** GET /v1/market/sentiment: each coin's mean sentiment over the last 24 hours, per source and over the sources asked for. */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  app.get('/market/sentiment', v1Schema('getMarketSentiment'), async (request): Promise<V1SentimentResponse> => {
    const query = v1SentimentQuerySchema.parse(request.query);
    const assets = await resolveSymbols(request.deps, { symbols: query.symbols });
    const { from, to, counts } = await sentimentWindow(request.deps);
    const summaries = summarizeMentions(counts, { symbols: assets.map((a) => a.symbol), platforms: query.sources });
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
