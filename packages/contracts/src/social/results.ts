import type { AnalyticsPeriod, MediaType, ReactionKind, SocialPlatform } from './constants.js';

/** Post shapes of docs/product.md §3, plus what the analysis adds (hashtags, symbols, sentiment 0..1). */
interface PostBase {
  _id: string;
  userRef: { username: string };
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  hashtags: string[];
  symbols: string[];
  sentiment: number;
}

export interface TwitterPost extends PostBase {
  views: number;
  likes: number;
  replies: number;
  retweets: number;
}

export interface InstagramPost extends PostBase {
  likes: number;
  comments: number;
  mediaType: MediaType | null;
  location: string | null;
}

export type Reactions = Record<ReactionKind, number>;

export interface FacebookPost extends PostBase {
  likes: number;
  comments: number;
  shares: number;
  reactions: Reactions;
}

export interface LinkedinPost extends PostBase {
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

export interface PostsByPlatform {
  twitter: TwitterPost;
  instagram: InstagramPost;
  facebook: FacebookPost;
  linkedin: LinkedinPost;
}

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  pages: number;
  /**
   * Present and true when a filtered list matched more than LIST_COUNT_CAP posts: `total` (and
   * `pages`) are then the database's estimate, not a count; the web app shows "about N".
   */
  totalIsEstimate?: boolean;
}

export interface PostPage<P extends SocialPlatform> {
  data: PostsByPlatform[P][];
  pagination: Pagination;
}

/** docs/product.md §3 search result. */
export interface SearchResult extends PostBase {
  platform: SocialPlatform;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  retweets: number;
}

/** Matches on one platform, counted up to SEARCH_COUNT_CAP (`capped`: there are more). */
export interface PlatformMatches {
  platform: SocialPlatform;
  matches: number;
  capped: boolean;
}

export interface SearchResults {
  data: SearchResult[];
  /** Matches on the platform searched (every platform when none was), `capped` as below. */
  total: number;
  /** The count stopped at SEARCH_COUNT_CAP on some platform: there are more than `total`. */
  totalCapped: boolean;
  /** Matches on each platform, whichever was searched, for comparing them. */
  platforms: PlatformMatches[];
  /** The `offset` that continues these results, or null after the last that can be reached. */
  nextOffset: number | null;
}

/** docs/product.md §3 platform summary, over a period. */
export interface PlatformSummary {
  platform: SocialPlatform;
  /** Followers of the platform's authors, each counted once. */
  followers: number;
  /** Likes, comments, shares, replies and retweets on the period's posts. */
  engagement: number;
  /** Mean sentiment (0..1) of the period's posts; 0.5 when there are none. */
  sentiment: number;
  /** Posts in the period. */
  mentions: number;
  /** Posts in the last 24 h against the 24 h before, in percent. */
  change24h: number;
}

export interface PlatformSummaries {
  period: AnalyticsPeriod;
  platforms: PlatformSummary[];
}

/** docs/product.md §3 trending topic: a coin ('$BTC') or a hashtag ('#defi'). */
export interface TrendingTopic {
  id: string;
  topic: string;
  mentions: number;
  sentiment: number;
  change24h: number;
  /** Coins most often mentioned alongside, as tickers. */
  relatedTokens: string[];
}

export interface TrendingTopics {
  period: AnalyticsPeriod;
  topics: TrendingTopic[];
}

/** Mentions and mean sentiment per bucket (hours for 24h, days otherwise), one series per platform. */
export interface Timeline {
  period: AnalyticsPeriod;
  granularity: 'hour' | 'day';
  /** Bucket starts, ISO 8601 UTC, oldest first. */
  buckets: string[];
  /**
   * The last bucket is still in progress (the current hour or the current UTC day): its counts
   * cover it only up to `asOf`, so charts mark it rather than read it as a drop.
   */
  partial: boolean;
  /** When the counts were read, ISO 8601 UTC. */
  asOf: string;
  series: { platform: SocialPlatform; mentions: number[]; sentiment: (number | null)[] }[];
}

/** All-time totals for the social welcome page. */
export interface QuickStats {
  posts: number;
  likes: number;
  comments: number;
  shares: number;
}
