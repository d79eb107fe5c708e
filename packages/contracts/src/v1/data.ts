import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH, SOCIAL_PLATFORMS } from '../social/constants.js';
import { limitParam, rejectUnknownParameters, textParam, wholeNumber } from '../social/params.js';
import { datasetParam } from '../social/query.js';
import { PG_INTEGER_MAX } from '../text.js';
import { asOfSchema, assetParam, instantParam, v1PlatformParam } from './common.js';

/** An opaque page position; clients pass back what `nextCursor` gave them. */
export const V1_CURSOR_MAX_LENGTH = 200;

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
      q: textParam('q', MAX_SEARCH_QUERY_LENGTH),
      symbol: assetParam('symbol').optional(),
      minLikes: wholeNumber('minLikes', 0, PG_INTEGER_MAX),
      from: instantParam('from'),
      to: instantParam('to'),
      limit: limitParam('limit', MAX_PAGE_SIZE).transform((v) => v ?? DEFAULT_PAGE_SIZE),
      cursor: z
        .string({ error: 'cursor must be the nextCursor of a previous page' })
        .max(V1_CURSOR_MAX_LENGTH, 'cursor must be the nextCursor of a previous page')
        .optional(),
      dataset: datasetParam().describe(
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

/** One post, the same shape on every platform (the search result of spec §3). */
export const v1PostSchema = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS),
    _id: z.string(),
    userRef: z.object({ username: z.string() }),
    text: z.string(),
    createdAt: z.string(),
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

export const v1DataResponseSchema = z.object({
  data: z.array(v1PostSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  asOf: asOfSchema,
});
export type V1DataResponse = z.infer<typeof v1DataResponseSchema>;
