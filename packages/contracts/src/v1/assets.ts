import { z } from 'zod';
import { rejectUnknownParameters } from '../social/params.js';
import { asOfSchema, V1_CURSOR_MAX_LENGTH, v1CursorParam, v1IntegerParam } from './common.js';
import { v1AssetSchema } from './watchlist.js';

export const V1_ASSETS_DEFAULT_LIMIT = 100;
export const V1_ASSETS_MAX_LIMIT = 100;

/** GET /v1/assets?limit=&cursor=: the tracked assets by market-cap rank, in pages. */
export const v1AssetsQuerySchema = z.strictObject(
  {
    limit: v1IntegerParam(
      'limit',
      1,
      V1_ASSETS_MAX_LIMIT,
      `Assets per page, 1 to ${V1_ASSETS_MAX_LIMIT}; ${V1_ASSETS_DEFAULT_LIMIT} by default`,
      `limit must be between 1 and ${V1_ASSETS_MAX_LIMIT}`,
      V1_ASSETS_DEFAULT_LIMIT,
    ),
    cursor: v1CursorParam(V1_CURSOR_MAX_LENGTH),
  },
  rejectUnknownParameters,
);
export type V1AssetsQuery = z.output<typeof v1AssetsQuerySchema>;

export const v1AssetsResponseSchema = z
  .object({
    data: z.array(v1AssetSchema),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    asOf: asOfSchema,
  })
  .meta({ id: 'AssetPage' });
export type V1AssetsResponse = z.output<typeof v1AssetsResponseSchema>;
