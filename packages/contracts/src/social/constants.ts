/** The platforms Coinsight stores posts from (the FAQ names all four). */
export const SOCIAL_PLATFORMS = ['twitter', 'instagram', 'facebook', 'linkedin'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/**
 * Whose posts a read covers (docs/security.md §24): the shared dataset (the operator's importers and
 * connectors; what /v1 sells), or the caller's own, which only their scrape tasks bring in.
 */
export const DATASETS = ['shared', 'mine'] as const;
export type Dataset = (typeof DATASETS)[number];
export const DATASET_LABELS: Record<Dataset, string> = { shared: 'Shared data', mine: 'My data' };

export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  twitter: 'Twitter',
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

export function isSocialPlatform(value: unknown): value is SocialPlatform {
  return typeof value === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** The Data Explorer's platform choices (docs/product.md §9, with LinkedIn, which its results already included). */
export const EXPLORER_PLATFORMS = ['all', ...SOCIAL_PLATFORMS] as const;
export type ExplorerPlatform = (typeof EXPLORER_PLATFORMS)[number];

/** The platforms with a card on the social analytics overview and in the explorer (docs/product.md §2): every one, LinkedIn included. */
export const OVERVIEW_PLATFORMS = SOCIAL_PLATFORMS;

/** Analytics and explorer periods (docs/product.md §9), and how many hours each spans. */
export const ANALYTICS_PERIODS = ['24h', '7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const PERIOD_HOURS: Record<AnalyticsPeriod, number> = { '24h': 24, '7d': 168, '30d': 720, '90d': 2_160 };
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

export const MEDIA_TYPES = ['image', 'video', 'carousel'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const REACTION_KINDS = ['like', 'love', 'haha', 'wow', 'sad', 'angry'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** Page size default (docs/product.md §9) and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 10_000_000;

/** Search answers are capped: the newest (or most relevant) first. */
export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 100;
export const MAX_SEARCH_QUERY_LENGTH = 200;
/**
 * Matches are counted up to this many per platform: past it the count says "1,000+". Counting
 * reads each match's row, so the cap bounds the cost of a common word; it matches how far "load
 * more" reaches (MAX_SEARCH_OFFSET).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * A filtered list counts its matches up to this many; past it the total is the planner's
 * estimate, flagged `pagination.totalIsEstimate` (an exact count of hundreds of thousands of
 * rows would cost more than the page itself).
 */
export const LIST_COUNT_CAP = 1_000;
/** How far "load more" reaches; past it, a narrower search is the way on. */
export const MAX_SEARCH_OFFSET = 1_000;

/**
 * A table's or the explorer's download holds at most this many rows, in the table's order; past
 * it the web app offers an Export task, which has no such bound (it runs in the background).
 */
export const DOWNLOAD_ROW_LIMIT = 10_000;
export const DOWNLOAD_FORMATS = ['csv', 'json'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The explorer searches this long after the last change of text, platform or period (docs/product.md §7, §9). */
export const SEARCH_DEBOUNCE_MS = 500;

export const DEFAULT_TRENDING_LIMIT = 10;
export const MAX_TRENDING_LIMIT = 50;

/** Columns a platform's table sorts by; created_at first, the default (docs/product.md §4). */
export const SORT_COLUMNS = {
  twitter: ['created_at', 'views', 'likes', 'replies', 'retweets'],
  instagram: ['created_at', 'likes', 'comments'],
  facebook: ['created_at', 'likes', 'comments', 'shares'],
  linkedin: ['created_at', 'views', 'likes', 'comments', 'shares'],
} as const satisfies Record<SocialPlatform, readonly string[]>;
export type SortColumn<P extends SocialPlatform = SocialPlatform> = (typeof SORT_COLUMNS)[P][number];
export const DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Counters with min/max filters per platform (docs/product.md §7; LinkedIn has views, like Twitter, and shares). */
export const RANGE_FILTERS = {
  twitter: ['views', 'likes', 'replies'],
  instagram: ['likes', 'comments'],
  facebook: ['likes', 'comments', 'shares'],
  linkedin: ['views', 'likes', 'comments', 'shares'],
} as const satisfies Record<SocialPlatform, readonly string[]>;
export type RangeCounter = (typeof RANGE_FILTERS)[SocialPlatform][number];

/**
 * The columns of a platform's table, in the order it shows them (web: platformColumns.tsx keys):
 * what a download writes, and what a saved view may hide.
 */
export const TABLE_COLUMNS = {
  twitter: ['user', 'text', 'created_at', 'views', 'likes', 'replies', 'retweets', 'sentiment'],
  instagram: ['user', 'text', 'mediaType', 'location', 'created_at', 'likes', 'comments', 'sentiment'],
  facebook: ['user', 'text', 'created_at', 'likes', 'comments', 'shares', 'reactions', 'sentiment'],
  linkedin: ['user', 'text', 'created_at', 'views', 'likes', 'comments', 'shares', 'sentiment'],
} as const satisfies Record<SocialPlatform, readonly string[]>;
export type PostTableColumn<P extends SocialPlatform = SocialPlatform> = (typeof TABLE_COLUMNS)[P][number];

/** Every filter of a platform's list, in the order forms show them (docs/product.md §7). */
export const LIST_FILTERS = {
  twitter: ['username', 'coin', 'startDate', 'endDate', 'minViews', 'maxViews', 'minLikes', 'maxLikes', 'minReplies', 'maxReplies'],
  instagram: ['username', 'coin', 'startDate', 'endDate', 'minLikes', 'maxLikes', 'minComments', 'maxComments', 'mediaType', 'location'],
  facebook: ['username', 'coin', 'startDate', 'endDate', 'minLikes', 'maxLikes', 'minComments', 'maxComments', 'minShares', 'maxShares'],
  linkedin: [
    'username',
    'coin',
    'startDate',
    'endDate',
    'minViews',
    'maxViews',
    'minLikes',
    'maxLikes',
    'minComments',
    'maxComments',
    'minShares',
    'maxShares',
  ],
} as const satisfies Record<SocialPlatform, readonly string[]>;
export type ListFilter = (typeof LIST_FILTERS)[SocialPlatform][number];

/** docs/product.md §8 texts. */
export const SOCIAL_MESSAGES = {
  tableLoadFailed: (platform: SocialPlatform) => `Failed to fetch ${PLATFORM_LABELS[platform]} data. Please try again later.`,
  tableEmpty: 'No data found',
  explorerFailed: 'Failed to fetch data. Please try again later.',
  explorerNoResults: 'No results found',
  explorerPrompt: 'Enter a search term to begin',
} as const;
