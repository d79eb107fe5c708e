import { z } from 'zod';
import { DATASETS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH, SOCIAL_PLATFORMS } from '../social/constants.js';
import { rejectUnknownParameters } from '../social/params.js';
import { PG_INTEGER_MAX } from '../text.js';
import {
  asOfSchema,
  assetParam,
  instantParam,
  timestampSchema,
  V1_CURSOR_MAX_LENGTH,
  v1CursorParam,
  v1EnumParam,
  v1IntegerParam,
  v1PlatformParam,
} from './common.js';

/**
 * GET /v1/data: posts, newest first (created_at, then id, descending), with the Data Explorer's
 * filters: platform, q (words, "phrases", -word, OR, $cashtags, #hashtags), symbol, minLikes,
 * from (inclusive) and to (exclusive); `limit` 1–100 (25), `cursor` from the previous page;
 * `dataset` shared (default: the data /v1 sells) or mine (the key owner's own uploads and scrapes).
 */
export const v1DataQuerySchema = z
  .strictObject(
    {
      platform: v1PlatformParam,
      q: z
        .string({ error: 'q must be text' })
        .max(MAX_SEARCH_QUERY_LENGTH, `q must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`)
        .transform((value) => value.trim() || undefined)
        .optional()
        .meta({
          description: 'Full-text search: words, "phrases", -word to exclude, OR, $cashtags, #hashtags',
          example: '$BTC',
        }),
      symbol: assetParam('symbol')
        .optional()
        .meta({ description: 'Only posts naming this asset: a ticker in any case, a name or an id', example: 'BTC' }),
      minLikes: v1IntegerParam('minLikes', 0, PG_INTEGER_MAX, 'Only posts with at least this many likes'),
      from: instantParam('from', 'Only posts created at or after this instant'),
      to: instantParam('to', 'Only posts created before this instant'),
      limit: v1IntegerParam(
        'limit',
        1,
        MAX_PAGE_SIZE,
        `Posts per page, 1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} by default`,
        `limit must be between 1 and ${MAX_PAGE_SIZE}`,
        DEFAULT_PAGE_SIZE,
      ),
      cursor: v1CursorParam(V1_CURSOR_MAX_LENGTH),
      dataset: v1EnumParam(
        'dataset',
        DATASETS,
        'shared',
        "shared (default): the shared dataset. mine: the posts the key owner's own scrape tasks brought in, which nobody else reads",
      ),
    },
    rejectUnknownParameters,
  )
  .superRefine((input, ctx) => {
    if (input.from && input.to && input.from >= input.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
  });
export type V1DataQuery = z.output<typeof v1DataQuerySchema>;

/** One post, the same shape on every platform (the search result of docs/product.md §3). */
export const v1PostSchema = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS),
    _id: z.string(),
    userRef: z.object({ username: z.string() }).meta({ id: 'UserRef' }),
    text: z.string(),
    createdAt: timestampSchema('When the post was published'),
    hashtags: z.array(z.string()),
    symbols: z.array(z.string()),
    likes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int(),
    views: z.number().int(),
    retweets: z.number().int(),
    sentiment: z.number(),
  })
  .meta({ id: 'Post' });

export const v1DataResponseSchema = z
  .object({
    data: z.array(v1PostSchema),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    asOf: asOfSchema,
  })
  .meta({ id: 'DataPage' });
export type V1DataResponse = z.infer<typeof v1DataResponseSchema>;
