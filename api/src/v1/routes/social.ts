import {
  SOCIAL_PLATFORMS,
  V1_TIMEFRAME_HOURS,
  v1MentionsQuerySchema,
  type SocialPlatform,
  type V1MentionsResponse,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { resolveSymbol } from '../../services/market/assets.js';
import { readKey } from '../../services/read-cache.js';
import { mentionSummaries } from '../../services/social/index.js';
import { HOUR_MS } from '../../services/social/windows.js';
import { v1Schema } from '../response-schema.js';

/** GET /v1/social/mentions: posts naming a coin per platform over the timeframe ending now, with their mean sentiment. */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  app.get('/social/mentions', v1Schema('getSocialMentions'), async (request): Promise<V1MentionsResponse> => {
    const query = v1MentionsQuerySchema.parse(request.query);
    const asset = await resolveSymbol(request.deps, { symbol: query.symbol });
    const platforms: readonly SocialPlatform[] = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
    // The same coin, platforms and timeframe within READ_CACHE_TTL_MS share one answer: its window
    // ends when it was computed, and `to` and `asOf` say so. Every call is metered all the same.
    return request.deps.reads.get(readKey('v1.mentions', { symbol: asset.symbol, platforms, timeframe: query.timeframe }), async () => {
      const to = request.deps.now();
      const from = new Date(to.getTime() - V1_TIMEFRAME_HOURS[query.timeframe] * HOUR_MS);
      const [summary] = await mentionSummaries(request.deps, { symbols: [asset.symbol], platforms, from, to });
      const { platforms: figures, total } = summary!;
      return {
        symbol: asset.symbol,
        name: asset.name,
        timeframe: query.timeframe,
        from: from.toISOString(),
        to: to.toISOString(),
        platforms: figures.map((f) => ({ ...f, sentimentPosts: f.mentions })),
        total: { ...total, sentimentPosts: total.mentions },
        asOf: to.toISOString(),
      };
    });
  });
}
