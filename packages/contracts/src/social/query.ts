import { z } from 'zod';
import {
  ANALYTICS_PERIODS,
  DATASETS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_TRENDING_LIMIT,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_OFFSET,
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
import {
  dateParam,
  enumParam,
  labelNaming,
  limitParam,
  PARAMETER_NAMING,
  rejectUnknownParameters,
  teamIdParam,
  textParam,
  wholeNumber,
  type Naming,
} from './params.js';

const capitalized = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;
export const minParam = (counter: RangeCounter) => `min${capitalized(counter)}`;
export const maxParam = (counter: RangeCounter) => `max${capitalized(counter)}`;

const COUNTERS: readonly RangeCounter[] = [...new Set(Object.values(RANGE_FILTERS).flat())];

/** What the web app calls each parameter of a list or search: field labels, and words for the rest. */
export const PARAM_LABELS: Readonly<Record<string, string>> = {
  page: 'Page',
  limit: 'Page size',
  sortBy: 'Sort column',
  sortOrder: 'Sort order',
  username: 'Username',
  startDate: 'From date',
  endDate: 'To date',
  mediaType: 'Media type',
  location: 'Location',
  q: 'Search',
  platform: 'Platform',
  dataset: 'Dataset',
  teamId: 'Team',
  ...Object.fromEntries(
    COUNTERS.flatMap((c) => [
      [minParam(c), `Min ${c}`],
      [maxParam(c), `Max ${c}`],
    ]),
  ),
};

/** Messages for people, naming the labels they see: 'Min likes must be a whole number, 0 or more'. */
export const LABEL_NAMING = labelNaming(PARAM_LABELS);

/** `dataset`: shared (the default) or mine, the caller's own posts. */
export const datasetParam = (naming: Naming = PARAMETER_NAMING) => enumParam('dataset', DATASETS, naming).transform((v) => v ?? 'shared');

function listSchemasNamed(naming: Naming) {
  // Each bound fits its column (posts.views is bigint, the other counters integer): a larger one
  // would reach PostgreSQL and fail there.
  const counterBound = (param: string, counter: RangeCounter) =>
    wholeNumber(param, 0, counter === 'views' ? Number.MAX_SAFE_INTEGER : PG_INTEGER_MAX, naming);
  const ranges = <const C extends readonly RangeCounter[]>(counters: C) =>
    Object.fromEntries(
      counters.flatMap((c) => [
        [minParam(c), counterBound(minParam(c), c)],
        [maxParam(c), counterBound(maxParam(c), c)],
      ]),
    ) as {
      [K in C[number] as `min${Capitalize<K>}` | `max${Capitalize<K>}`]: ReturnType<typeof counterBound>;
    };
  const common = {
    page: wholeNumber('page', 1, MAX_PAGE, naming).transform((v) => v ?? 1),
    limit: limitParam('limit', MAX_PAGE_SIZE, naming).transform((v) => v ?? DEFAULT_PAGE_SIZE),
    sortOrder: enumParam('sortOrder', SORT_ORDERS, naming).transform((v) => v ?? 'desc'),
    username: textParam('username', 100, naming).transform((v) => v?.replace(/^@/, '') || undefined),
    startDate: dateParam('startDate', 'start', naming),
    endDate: dateParam('endDate', 'end', naming),
    dataset: datasetParam(naming),
    teamId: teamIdParam(naming),
  };
  const sortBy = <P extends SocialPlatform>(platform: P) =>
    enumParam('sortBy', SORT_COLUMNS[platform], naming).transform((v) => v ?? 'created_at');
  const check = (counters: readonly RangeCounter[]) => (value: Record<string, unknown>, ctx: z.RefinementCtx) =>
    checkRanges(value, ctx, counters, naming);

  return {
    twitter: z
      .strictObject({ ...common, sortBy: sortBy('twitter'), ...ranges(RANGE_FILTERS.twitter) }, rejectUnknownParameters)
      .superRefine(check(RANGE_FILTERS.twitter)),
    instagram: z
      .strictObject(
        {
          ...common,
          sortBy: sortBy('instagram'),
          ...ranges(RANGE_FILTERS.instagram),
          mediaType: enumParam('mediaType', MEDIA_TYPES, naming),
          location: textParam('location', 200, naming),
        },
        rejectUnknownParameters,
      )
      .superRefine(check(RANGE_FILTERS.instagram)),
    facebook: z
      .strictObject({ ...common, sortBy: sortBy('facebook'), ...ranges(RANGE_FILTERS.facebook) }, rejectUnknownParameters)
      .superRefine(check(RANGE_FILTERS.facebook)),
    linkedin: z
      .strictObject({ ...common, sortBy: sortBy('linkedin'), ...ranges(RANGE_FILTERS.linkedin) }, rejectUnknownParameters)
      .superRefine(check(RANGE_FILTERS.linkedin)),
  };
}

/** min ≤ max for each counter, start ≤ end for the dates: named in the message. */
function checkRanges(value: Record<string, unknown>, ctx: z.RefinementCtx, counters: readonly RangeCounter[], naming: Naming) {
  for (const counter of counters) {
    const min = value[minParam(counter)];
    const max = value[maxParam(counter)];
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      const message = `${naming.of(minParam(counter))} must not be greater than ${naming.of(maxParam(counter))}`;
      ctx.addIssue({ code: 'custom', message, path: [minParam(counter)] });
    }
  }
  if (value.teamId !== undefined && value.dataset !== 'mine') {
    const message = `${naming.of('teamId')} reads a team's own dataset: use it with ${naming.of('dataset')} mine`;
    ctx.addIssue({ code: 'custom', message, path: ['teamId'] });
  }
  const { startDate, endDate } = value;
  if (startDate instanceof Date && endDate instanceof Date && endDate < startDate) {
    ctx.addIssue({ code: 'custom', message: `${naming.of('endDate')} must not be before ${naming.of('startDate')}`, path: ['endDate'] });
  }
}

const listSchemas = listSchemasNamed(PARAMETER_NAMING);
const labelledListSchemas: typeof listSchemas = listSchemasNamed(LABEL_NAMING);

/**
 * Query of GET /api/social/<platform> (docs/product.md §7): page, limit, sortBy, sortOrder and the platform's
 * filters, and `dataset` (shared, the default, or mine: the caller's own posts). Messages name the parameters; `'labels'` names the fields as the web app shows them.
 */
export function listQuerySchema<P extends SocialPlatform>(
  platform: P,
  naming: 'parameters' | 'labels' = 'parameters',
): (typeof listSchemas)[P] {
  return (naming === 'labels' ? labelledListSchemas : listSchemas)[platform];
}

export type ListQueryInput<P extends SocialPlatform> = z.input<(typeof listSchemas)[P]>;
export type ListQuery<P extends SocialPlatform> = z.output<(typeof listSchemas)[P]>;
export type AnyListQuery = { [P in SocialPlatform]: ListQuery<P> }[SocialPlatform];

const platformParam = z
  .union([z.enum(SOCIAL_PLATFORMS), z.literal('all'), z.literal('')], {
    error: `platform must be one of all, ${SOCIAL_PLATFORMS.join(', ')}`,
  })
  .optional()
  .transform((v) => (v === 'all' || v === '' ? undefined : v));

/**
 * Query of GET /api/social/search: a date range, optional text and an optional platform (omitted
 * = all); `limit` results from `offset` on (the answer's `nextOffset` continues it); `dataset`
 * shared (default) or mine.
 */
export const searchQuerySchema = z
  .strictObject(
    {
      q: textParam('q', MAX_SEARCH_QUERY_LENGTH),
      platform: platformParam,
      startDate: dateParam('startDate', 'start'),
      endDate: dateParam('endDate', 'end'),
      limit: limitParam('limit', MAX_SEARCH_LIMIT).transform((v) => v ?? DEFAULT_SEARCH_LIMIT),
      offset: wholeNumber('offset', 0, MAX_SEARCH_OFFSET).transform((v) => v ?? 0),
      dataset: datasetParam(),
      teamId: teamIdParam(),
    },
    rejectUnknownParameters,
  )
  .superRefine((v, ctx) => checkRanges(v, ctx, [], PARAMETER_NAMING));
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
