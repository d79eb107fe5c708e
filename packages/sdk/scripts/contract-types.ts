import type {
  cryptoPricesQuerySchema,
  v1AssetsQuerySchema,
  v1AssetsResponseSchema,
  v1SeriesQuerySchema,
  v1SeriesResponseSchema,
  v1TrendingQuerySchema,
  v1TrendingResponseSchema,
  v1WatchlistBodySchema,
  v1WatchlistResponseSchema,
  v1AlertDeletedResponseSchema,
  v1AlertListResponseSchema,
  v1AlertResponseSchema,
  v1CreateAlertBodySchema,
  v1DataQuerySchema,
  v1DataResponseSchema,
  v1ErrorSchema,
  v1HistoryQuerySchema,
  v1HistoryResponseSchema,
  v1MentionsQuerySchema,
  v1MentionsResponseSchema,
  v1PricesResponseSchema,
  v1RequestLogQuerySchema,
  v1RequestLogResponseSchema,
  v1SentimentQuerySchema,
  v1SentimentResponseSchema,
  v1UsageResponseSchema,
} from '@coinsight/contracts';
import type { z } from 'zod';

// The source of src/generated/contract-types.ts (scripts/generate-types.mjs): each request and
// answer type of /v1 as the zod schemas the API parses with define it (input for requests, output
// for answers). The generator writes them out as plain types, so the published SDK imports neither
// @coinsight/contracts nor zod. Adding an endpoint: its types here, then its method in src/index.ts.

export type PricesQuery = z.input<typeof cryptoPricesQuerySchema>;
export type Prices = z.output<typeof v1PricesResponseSchema>;
export type Usage = z.output<typeof v1UsageResponseSchema>;
export type HistoryQuery = z.input<typeof v1HistoryQuerySchema>;
export type History = z.output<typeof v1HistoryResponseSchema>;
export type MentionsQuery = z.input<typeof v1MentionsQuerySchema>;
export type Mentions = z.output<typeof v1MentionsResponseSchema>;
export type SentimentQuery = z.input<typeof v1SentimentQuerySchema>;
export type Sentiment = z.output<typeof v1SentimentResponseSchema>;
export type CreateAlertInput = z.input<typeof v1CreateAlertBodySchema>;
export type AlertAnswer = z.output<typeof v1AlertResponseSchema>;
export type AlertList = z.output<typeof v1AlertListResponseSchema>;
export type AlertDeleted = z.output<typeof v1AlertDeletedResponseSchema>;
export type DataQuery = z.input<typeof v1DataQuerySchema>;
export type DataPage = z.output<typeof v1DataResponseSchema>;
export type RequestLogQuery = z.input<typeof v1RequestLogQuerySchema>;
export type RequestLogPage = z.output<typeof v1RequestLogResponseSchema>;
export type SeriesQuery = z.input<typeof v1SeriesQuerySchema>;
export type Series = z.output<typeof v1SeriesResponseSchema>;
export type TrendingQuery = z.input<typeof v1TrendingQuerySchema>;
export type Trending = z.output<typeof v1TrendingResponseSchema>;
export type AssetsQuery = z.input<typeof v1AssetsQuerySchema>;
export type AssetPage = z.output<typeof v1AssetsResponseSchema>;
export type WatchlistInput = z.input<typeof v1WatchlistBodySchema>;
export type Watchlist = z.output<typeof v1WatchlistResponseSchema>;
export type ErrorBody = z.output<typeof v1ErrorSchema>;
