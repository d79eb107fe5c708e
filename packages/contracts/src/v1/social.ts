import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../social/constants.js';
import { rejectUnknownParameters } from '../social/params.js';
import { asOfSchema, assetParam, timestampSchema, v1EnumParam, v1PlatformParam } from './common.js';

/** Timeframes of GET /v1/social/mentions: the window ending at the time of the call. */
export const V1_TIMEFRAMES = ['1h', '24h', '7d', '30d'] as const;
export type V1Timeframe = (typeof V1_TIMEFRAMES)[number];
export const V1_TIMEFRAME_HOURS: Record<V1Timeframe, number> = { '1h': 1, '24h': 24, '7d': 168, '30d': 720 };

/** GET /v1/social/mentions?symbol=&platform=&timeframe= (docs/product.md §3's mentions query; timeframe 24h by default). */
export const v1MentionsQuerySchema = z.strictObject(
  {
    symbol: assetParam('symbol'),
    platform: v1PlatformParam,
    timeframe: v1EnumParam('timeframe', V1_TIMEFRAMES, '24h', 'The window ending now: 1h, 24h (the default), 7d or 30d'),
  },
  rejectUnknownParameters,
);
export type V1MentionsQuery = z.output<typeof v1MentionsQuerySchema>;

/** Posts naming a coin on one platform (or all) and their mean sentiment, with the count behind it. */
export const v1MentionFiguresSchema = z
  .object({
    mentions: z.number().int().describe('Posts naming the coin in the window'),
    sentiment: z.number().nullable().describe('Mean sentiment (0 to 1, 0.5 neutral) of those posts; null when there are none'),
    sentimentPosts: z.number().int().describe('How many posts `sentiment` averages'),
  })
  .meta({ id: 'MentionFigures' });

export const v1MentionsResponseSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    timeframe: z.enum(V1_TIMEFRAMES),
    /** The window [from, to]: `to` is the time of the call. */
    from: timestampSchema('Start of the window'),
    to: timestampSchema('End of the window: the time of the call'),
    platforms: z.array(v1MentionFiguresSchema.extend({ platform: z.enum(SOCIAL_PLATFORMS) }).meta({ id: 'PlatformMentions' })),
    total: v1MentionFiguresSchema,
    asOf: asOfSchema,
  })
  .meta({ id: 'MentionsResponse' });
export type V1MentionsResponse = z.infer<typeof v1MentionsResponseSchema>;
