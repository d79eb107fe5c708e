import { marketAssetInputSchema, marketHistoryInputSchema, marketLiveInputSchema, type MarketOverview } from '@coinsight/contracts';
import { tracked, type TrackedEnvelope, type TRPCRouterRecord } from '@trpc/server';
import { assetHistory, currentOverview, marketAsset, marketSparklines } from '../../services/market/index.js';
import { publicProcedure } from '../trpc.js';
// Names the types of a subscription's output (tracked events) for the router's declaration.
import type {} from '@trpc/server/unstable-core-do-not-import';

export const marketRouter = {
  // Public: the landing page and /market show what is tracked and where prices stand. The
  // per-tick snapshot while current: the same overview `market.live` streams.
  overview: publicProcedure.query(({ ctx }) => currentOverview(ctx.deps, {})),
  // Public: the /market table's 7-day lines, one query for every asset.
  sparklines: publicProcedure.query(({ ctx }) => marketSparklines(ctx.deps, {})),
  // Public: an asset page's figures and its mentions and sentiment over the chart's span.
  asset: publicProcedure.input(marketAssetInputSchema).query(({ ctx, input }) => marketAsset(ctx.deps, input)),
  // Public, bounded to one chart's worth of candles per call (MAX_HISTORY_CANDLES): anyone may
  // look at a chart; bulk history is the metered /v1 API's.
  history: publicProcedure.input(marketHistoryInputSchema).query(({ ctx, input }) => assetHistory(ctx.deps, input)),
  /**
   * Server-sent events: the overview now, then after every tick. Each event's id is its `asOf`,
   * which EventSource sends back as `lastEventId` on a reconnect: an unchanged overview is not sent again.
   */
  live: publicProcedure.input(marketLiveInputSchema).subscription(async function* ({
    ctx,
    input,
    signal,
  }): AsyncGenerator<TrackedEnvelope<MarketOverview>> {
    const held = input?.lastEventId ?? null;
    const updates = ctx.deps.marketLive.updates(signal ?? new AbortController().signal, {
      skipCurrent: (overview) => held !== null && overview.asOf === held,
    });
    for await (const overview of updates) yield tracked(overview.asOf ?? 'none', overview);
  }),
} satisfies TRPCRouterRecord;
