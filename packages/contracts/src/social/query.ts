import { z } from 'zod';
import {
  ANALYTICS_PERIODS,
  DATASETS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_TRENDING_LIMIT,
  DOWNLOAD_FORMATS,
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
  TABLE_COLUMNS,
  type RangeCounter,
  type PostTableColumn,
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
  coin: 'Coin',
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

/**
 * `coin`: posts naming a coin, by its ticker (`BTC`, `btc` or `$BTC`), as the analysis stores
 * them in `symbols`. Whether it is a tracked coin is the service's to say (it knows the assets).
 */
export function coinParam(naming: Naming = PARAMETER_NAMING) {
  const name = naming.of('coin');
  const message = `${name} must be a coin symbol such as BTC: letters and digits, at most 15`;
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      const symbol = value?.trim().replace(/^\$/, '');
      if (!symbol) return undefined;
      if (!/^[A-Za-z0-9]{1,15}$/.test(symbol)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return symbol.toUpperCase();
    });
}

/** `columns`: the table's columns a download holds, comma-separated, in the table's order; absent, all of them. */
function columnsParam<P extends SocialPlatform>(platform: P, naming: Naming) {
  const known = TABLE_COLUMNS[platform] as readonly string[];
  const message = `${naming.of('columns')} must list columns of the table, comma-separated: ${known.join(', ')}`;
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx): PostTableColumn<P>[] | undefined => {
      const listed = (value ?? '')
        .split(',')
        .map((column) => column.trim())
        .filter(Boolean);
      if (listed.length === 0) return undefined;
      if (listed.some((column) => !known.includes(column))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      // The table's order, whatever order they were listed in.
      return known.filter((column) => listed.includes(column)) as PostTableColumn<P>[];
    });
}

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
  const filters = {
    sortOrder: enumParam('sortOrder', SORT_ORDERS, naming).transform((v) => v ?? 'desc'),
    username: textParam('username', 100, naming).transform((v) => v?.replace(/^@/, '') || undefined),
    coin: coinParam(naming),
    startDate: dateParam('startDate', 'start', naming),
    endDate: dateParam('endDate', 'end', naming),
    dataset: datasetParam(naming),
    teamId: teamIdParam(naming),
  };
  const paging = {
    page: wholeNumber('page', 1, MAX_PAGE, naming).transform((v) => v ?? 1),
    limit: limitParam('limit', MAX_PAGE_SIZE, naming).transform((v) => v ?? DEFAULT_PAGE_SIZE),
  };
  const sortBy = <P extends SocialPlatform>(platform: P) =>
    enumParam('sortBy', SORT_COLUMNS[platform], naming).transform((v) => v ?? 'created_at');
  const check = (counters: readonly RangeCounter[]) => (value: Record<string, unknown>, ctx: z.RefinementCtx) =>
    checkRanges(value, ctx, counters, naming);
  // What a platform's table filters and sorts by: the list pages it, a download takes every row up to its bound.
  const shapes = {
    twitter: { ...filters, sortBy: sortBy('twitter'), ...ranges(RANGE_FILTERS.twitter) },
    instagram: {
      ...filters,
      sortBy: sortBy('instagram'),
      ...ranges(RANGE_FILTERS.instagram),
      mediaType: enumParam('mediaType', MEDIA_TYPES, naming),
      location: textParam('location', 200, naming),
    },
    facebook: { ...filters, sortBy: sortBy('facebook'), ...ranges(RANGE_FILTERS.facebook) },
    linkedin: { ...filters, sortBy: sortBy('linkedin'), ...ranges(RANGE_FILTERS.linkedin) },
  };
  const download = <P extends SocialPlatform>(platform: P) => ({
    format: enumParam('format', DOWNLOAD_FORMATS, naming).transform((v) => v ?? 'csv'),
    columns: columnsParam(platform, naming),
  });

  return {
    list: {
      twitter: z.strictObject({ ...shapes.twitter, ...paging }, rejectUnknownParameters).superRefine(check(RANGE_FILTERS.twitter)),
      instagram: z.strictObject({ ...shapes.instagram, ...paging }, rejectUnknownParameters).superRefine(check(RANGE_FILTERS.instagram)),
      facebook: z.strictObject({ ...shapes.facebook, ...paging }, rejectUnknownParameters).superRefine(check(RANGE_FILTERS.facebook)),
      linkedin: z.strictObject({ ...shapes.linkedin, ...paging }, rejectUnknownParameters).superRefine(check(RANGE_FILTERS.linkedin)),
    },
    download: {
      twitter: z
        .strictObject({ ...shapes.twitter, ...download('twitter') }, rejectUnknownParameters)
        .superRefine(check(RANGE_FILTERS.twitter)),
      instagram: z
        .strictObject({ ...shapes.instagram, ...download('instagram') }, rejectUnknownParameters)
        .superRefine(check(RANGE_FILTERS.instagram)),
      facebook: z
        .strictObject({ ...shapes.facebook, ...download('facebook') }, rejectUnknownParameters)
        .superRefine(check(RANGE_FILTERS.facebook)),
      linkedin: z
        .strictObject({ ...shapes.linkedin, ...download('linkedin') }, rejectUnknownParameters)
        .superRefine(check(RANGE_FILTERS.linkedin)),
    },
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

const schemas = listSchemasNamed(PARAMETER_NAMING);
const labelledSchemas: typeof schemas = listSchemasNamed(LABEL_NAMING);

/**
 * Query of GET /api/social/<platform> (docs/product.md §7): page, limit, sortBy, sortOrder and the platform's
 * filters, and `dataset` (shared, the default, or mine: the caller's own posts). Messages name the parameters; `'labels'` names the fields as the web app shows them.
 */
export function listQuerySchema<P extends SocialPlatform>(
  platform: P,
  naming: 'parameters' | 'labels' = 'parameters',
): (typeof schemas.list)[P] {
  return (naming === 'labels' ? labelledSchemas : schemas).list[platform];
}

/**
 * Query of GET /api/social/<platform>/download: the list's filters and sort (no page or size: the
 * download starts at the first row and holds up to DOWNLOAD_ROW_LIMIT), `format` csv (the default)
 * or json, and `columns`, the table's columns to write (all when absent).
 */
export function downloadQuerySchema<P extends SocialPlatform>(
  platform: P,
  naming: 'parameters' | 'labels' = 'parameters',
): (typeof schemas.download)[P] {
  return (naming === 'labels' ? labelledSchemas : schemas).download[platform];
}
export type DownloadQueryInput<P extends SocialPlatform> = z.input<(typeof schemas.download)[P]>;
export type DownloadQuery<P extends SocialPlatform> = z.output<(typeof schemas.download)[P]>;

export type ListQueryInput<P extends SocialPlatform> = z.input<(typeof schemas.list)[P]>;
export type ListQuery<P extends SocialPlatform> = z.output<(typeof schemas.list)[P]>;
export type AnyListQuery = { [P in SocialPlatform]: ListQuery<P> }[SocialPlatform];

const platformParam = z
  .union([z.enum(SOCIAL_PLATFORMS), z.literal('all'), z.literal('')], {
    error: `platform must be one of all, ${SOCIAL_PLATFORMS.join(', ')}`,
  })
  .optional()
  .transform((v) => (v === 'all' || v === '' ? undefined : v));

const searchFilters = {
  q: textParam('q', MAX_SEARCH_QUERY_LENGTH),
  platform: platformParam,
  startDate: dateParam('startDate', 'start'),
  endDate: dateParam('endDate', 'end'),
  dataset: datasetParam(),
};

/**
 * Query of GET /api/social/search: a date range, optional text and an optional platform (omitted
 * = all); `limit` results from `offset` on (the answer's `nextOffset` continues it); `dataset`
 * shared (default) or mine.
 */
export const searchQuerySchema = z
  .strictObject(
    {
      ...searchFilters,
      limit: limitParam('limit', MAX_SEARCH_LIMIT).transform((v) => v ?? DEFAULT_SEARCH_LIMIT),
      offset: wholeNumber('offset', 0, MAX_SEARCH_OFFSET).transform((v) => v ?? 0),
      teamId: teamIdParam(),
    },
    rejectUnknownParameters,
  )
  .superRefine((v, ctx) => checkRanges(v, ctx, [], PARAMETER_NAMING));

/**
 * Query of GET /api/social/search/download: the explorer's search (q, platform, dates, dataset)
 * as a file, `format` csv (default) or json: every result the explorer can reach by "load more",
 * in its order.
 */
export const searchDownloadQuerySchema = z
  .strictObject({ ...searchFilters, format: enumParam('format', DOWNLOAD_FORMATS).transform((v) => v ?? 'csv') }, rejectUnknownParameters)
  .superRefine((v, ctx) => checkRanges(v, ctx, [], PARAMETER_NAMING));
export type SearchDownloadQuery = z.output<typeof searchDownloadQuerySchema>;
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
