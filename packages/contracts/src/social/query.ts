import { z } from 'zod';
import {
  ANALYTICS_PERIODS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_TRENDING_LIMIT,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_QUERY_LENGTH,
  MAX_TRENDING_LIMIT,
  MEDIA_TYPES,
  RANGE_FILTERS,
  SOCIAL_PLATFORMS,
  SORT_COLUMNS,
  SORT_ORDERS,
  type RangeCounter,
  type SocialPlatform,
} from './constants.js';
import { PG_INTEGER_MAX } from '../text.js';
import { dateParam, enumParam, limitParam, rejectUnknownParameters, textParam, wholeNumber } from './params.js';

const capitalized = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;
export const minParam = (counter: RangeCounter) => `min${capitalized(counter)}`;
export const maxParam = (counter: RangeCounter) => `max${capitalized(counter)}`;

// Each bound fits its column (posts.views is bigint, the other counters integer): a larger one
// would reach PostgreSQL and fail there.
const counterBound = (name: string, counter: RangeCounter) => wholeNumber(name, 0, counter === 'views' ? Number.MAX_SAFE_INTEGER : PG_INTEGER_MAX);
const ranges = <const C extends readonly RangeCounter[]>(counters: C) =>
  Object.fromEntries(counters.flatMap((c) => [[minParam(c), counterBound(minParam(c), c)], [maxParam(c), counterBound(maxParam(c), c)]])) as {
    [K in C[number] as `min${Capitalize<K>}` | `max${Capitalize<K>}`]: ReturnType<typeof counterBound>;
  };

const common = {
  page: wholeNumber('page', 1, MAX_PAGE).transform((v) => v ?? 1),
  limit: limitParam('limit', MAX_PAGE_SIZE).transform((v) => v ?? DEFAULT_PAGE_SIZE),
  sortOrder: enumParam('sortOrder', SORT_ORDERS).transform((v) => v ?? 'desc'),
  username: textParam('username', 100).transform((v) => v?.replace(/^@/, '') || undefined),
  startDate: dateParam('startDate', 'start'),
  endDate: dateParam('endDate', 'end'),
};

const sortBy = <P extends SocialPlatform>(platform: P) => enumParam('sortBy', SORT_COLUMNS[platform]).transform((v) => v ?? 'created_at');

/** min ≤ max for each counter, start ≤ end for the dates: named in the message. */
function checkRanges(value: Record<string, unknown>, ctx: z.RefinementCtx, counters: readonly RangeCounter[]) {
  for (const counter of counters) {
    const min = value[minParam(counter)];
    const max = value[maxParam(counter)];
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      ctx.addIssue({ code: 'custom', message: `${minParam(counter)} must not be greater than ${maxParam(counter)}`, path: [minParam(counter)] });
    }
  }
  const { startDate, endDate } = value;
  if (startDate instanceof Date && endDate instanceof Date && endDate < startDate) {
    ctx.addIssue({ code: 'custom', message: 'endDate must not be before startDate', path: ['endDate'] });
  }
}

const listSchemas = {
  twitter: z
    .strictObject({ ...common, sortBy: sortBy('twitter'), ...ranges(RANGE_FILTERS.twitter) }, rejectUnknownParameters)
    .superRefine((v, ctx) => checkRanges(v, ctx, RANGE_FILTERS.twitter)),
  instagram: z
    .strictObject(
      {
        ...common,
        sortBy: sortBy('instagram'),
        ...ranges(RANGE_FILTERS.instagram),
        mediaType: enumParam('mediaType', MEDIA_TYPES),
        location: textParam('location', 200),
      },
      rejectUnknownParameters,
    )
    .superRefine((v, ctx) => checkRanges(v, ctx, RANGE_FILTERS.instagram)),
  facebook: z
    .strictObject({ ...common, sortBy: sortBy('facebook'), ...ranges(RANGE_FILTERS.facebook) }, rejectUnknownParameters)
    .superRefine((v, ctx) => checkRanges(v, ctx, RANGE_FILTERS.facebook)),
  linkedin: z
    .strictObject({ ...common, sortBy: sortBy('linkedin'), ...ranges(RANGE_FILTERS.linkedin) }, rejectUnknownParameters)
    .superRefine((v, ctx) => checkRanges(v, ctx, RANGE_FILTERS.linkedin)),
};

/** Query of GET /api/social/<platform> (spec §7): page, limit, sortBy, sortOrder and the platform's filters. */
export function listQuerySchema<P extends SocialPlatform>(platform: P): (typeof listSchemas)[P] {
  return listSchemas[platform];
}

export type ListQueryInput<P extends SocialPlatform> = z.input<(typeof listSchemas)[P]>;
export type ListQuery<P extends SocialPlatform> = z.output<(typeof listSchemas)[P]>;
export type AnyListQuery = { [P in SocialPlatform]: ListQuery<P> }[SocialPlatform];

/** The tRPC `social.list` input: the platform and its query in one object. */
export const listInputSchema = z.discriminatedUnion('platform', [
  z.object({ platform: z.literal('twitter'), query: listSchemas.twitter }),
  z.object({ platform: z.literal('instagram'), query: listSchemas.instagram }),
  z.object({ platform: z.literal('facebook'), query: listSchemas.facebook }),
  z.object({ platform: z.literal('linkedin'), query: listSchemas.linkedin }),
]);
export type ListInput = z.input<typeof listInputSchema>;

const platformParam = z
  .union([z.enum(SOCIAL_PLATFORMS), z.literal('all'), z.literal('')], { error: `platform must be one of all, ${SOCIAL_PLATFORMS.join(', ')}` })
  .optional()
  .transform((v) => (v === 'all' || v === '' ? undefined : v));

/** Query of GET /api/social/search: a date range, optional text and an optional platform (omitted = all). */
export const searchQuerySchema = z
  .strictObject(
    {
      q: textParam('q', MAX_SEARCH_QUERY_LENGTH),
      platform: platformParam,
      startDate: dateParam('startDate', 'start'),
      endDate: dateParam('endDate', 'end'),
      limit: limitParam('limit', MAX_SEARCH_LIMIT).transform((v) => v ?? DEFAULT_SEARCH_LIMIT),
    },
    rejectUnknownParameters,
  )
  .superRefine((v, ctx) => checkRanges(v, ctx, []));
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

const periodParam = enumParam('period', ANALYTICS_PERIODS).transform((v) => v ?? '7d');

export const summariesInputSchema = z.strictObject({ period: periodParam }, rejectUnknownParameters);
export type SummariesInput = z.input<typeof summariesInputSchema>;

export const trendingInputSchema = z.strictObject(
  {
    period: periodParam,
    platform: platformParam,
    limit: limitParam('limit', MAX_TRENDING_LIMIT).transform((v) => v ?? DEFAULT_TRENDING_LIMIT),
  },
  rejectUnknownParameters,
);
export type TrendingInput = z.input<typeof trendingInputSchema>;

export const timelineInputSchema = z.strictObject({ period: periodParam, platform: platformParam }, rejectUnknownParameters);
export type TimelineInput = z.input<typeof timelineInputSchema>;
