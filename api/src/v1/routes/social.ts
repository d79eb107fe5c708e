import {
  SOCIAL_PLATFORMS,
  V1_TIMEFRAME_HOURS,
  v1MentionsQuerySchema,
  type SocialPlatform,
  type V1MentionsResponse,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { meanOrNull, mentionCounts } from '../../services/social/index.js';
import { HOUR_MS } from '../../services/social/windows.js';
import { resolveSymbol } from '../symbols.js';

/** GET /v1/social/mentions: posts naming a coin per platform over the timeframe ending now, with their mean sentiment. */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  app.get('/social/mentions', async (request): Promise<V1MentionsResponse> => {
    const query = v1MentionsQuerySchema.parse(request.query);
    const asset = await resolveSymbol(app.deps, query.symbol);
    const to = new Date();
    const from = new Date(to.getTime() - V1_TIMEFRAME_HOURS[query.timeframe] * HOUR_MS);
    const platforms: readonly SocialPlatform[] = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
    const counts = (await mentionCounts(app.deps, { symbols: [asset.symbol], platforms, from, to })).get(asset.symbol);
    const figures = platforms.map((platform) => {
      const { mentions, sentimentSum } = counts?.get(platform) ?? { mentions: 0, sentimentSum: 0 };
      return { platform, mentions, sentiment: meanOrNull(sentimentSum, mentions), sentimentPosts: mentions };
    });
    const mentions = figures.reduce((sum, f) => sum + f.mentions, 0);
    const sentimentSum = platforms.reduce((sum, p) => sum + (counts?.get(p)?.sentimentSum ?? 0), 0);
    return {
      symbol: asset.symbol,
      name: asset.name,
      timeframe: query.timeframe,
      from: from.toISOString(),
      to: to.toISOString(),
      platforms: figures,
      total: { mentions, sentiment: meanOrNull(sentimentSum, mentions), sentimentPosts: mentions },
      asOf: to.toISOString(),
    };
  });
}
