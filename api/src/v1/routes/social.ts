import {
  SOCIAL_PLATFORMS,
  seriesRangeProblem,
  V1_SERIES_DEFAULT_SPAN_MS,
  V1_TIMEFRAME_HOURS,
  v1MentionsQuerySchema,
  v1SeriesQuerySchema,
  v1TrendingQuerySchema,
  type SocialPlatform,
  type V1MentionsResponse,
  type V1SeriesResponse,
  type V1TrendingResponse,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { resolveSymbol } from '../../services/market/assets.js';
import { readKey } from '../../services/read-cache.js';
import { mentionSummaries, socialSeries, trendingTopics, wholeBuckets } from '../../services/social/index.js';
import { V1Error } from '../errors.js';
import { HOUR_MS } from '../../services/social/windows.js';
import { v1Schema } from '../response-schema.js';

/**
 * GET /v1/social/mentions: posts naming a coin per platform over the timeframe ending now, with their mean sentiment.
 * GET /v1/social/timeseries: a coin's mentions, sentiment and engagement per hour or day, from the topic rollups.
 * GET /v1/social/trending: the most mentioned topics of the last 24 hours or 7 days (services/social/trending.ts).
 */
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

  app.get('/social/timeseries', v1Schema('getSocialTimeseries'), async (request): Promise<V1SeriesResponse> => {
    const query = v1SeriesQuerySchema.parse(request.query);
    const asset = await resolveSymbol(request.deps, { symbol: query.symbol });
    const now = request.deps.now();
    const requestedTo = query.to ?? now;
    const requestedFrom = query.from ?? new Date(requestedTo.getTime() - V1_SERIES_DEFAULT_SPAN_MS[query.interval]);
    // The schema checks a range given whole; a default end (now) is checked here, against the same bound.
    const problem = seriesRangeProblem(query.interval, requestedFrom, requestedTo);
    if (problem) throw new V1Error(400, 'bad_request', problem, { param: query.from ? 'from' : 'to' });
    const { from, to } = wholeBuckets(query.interval, requestedFrom, requestedTo);
    const buckets = await socialSeries(request.deps, {
      symbol: asset.symbol,
      interval: query.interval,
      from,
      to,
      platform: query.platform,
    });
    return {
      symbol: asset.symbol,
      name: asset.name,
      interval: query.interval,
      platform: query.platform ?? 'all',
      from: from.toISOString(),
      to: to.toISOString(),
      buckets,
      asOf: now.toISOString(),
    };
  });

  app.get('/social/trending', v1Schema('getSocialTrending'), async (request): Promise<V1TrendingResponse> => {
    const query = v1TrendingQuerySchema.parse(request.query);
    const asOf = request.deps.now();
    const trending = await trendingTopics(request.deps, { period: query.period, platform: query.platform, limit: query.limit });
    return {
      period: query.period,
      platform: query.platform ?? 'all',
      topics: trending.topics.map(({ topic, mentions, sentiment, change24h, relatedTokens }) => ({
        topic,
        mentions,
        sentiment,
        change24h,
        relatedTokens,
      })),
      asOf: asOf.toISOString(),
    };
  });
}
