import {
  SOCIAL_PLATFORMS,
  type PlatformSummaries,
  type PostPage,
  type SearchResult,
  type SearchResults,
  type TwitterPost,
} from '@coinsight/contracts';

export function tweet(n: number, overrides: Partial<TwitterPost> = {}): TwitterPost {
  return {
    _id: String(n),
    userRef: { username: `user${n}` },
    text: `Post number ${n} about $BTC with a long enough text to be cut at two lines in the table`,
    createdAt: `2026-11-${String(10 + (n % 10)).padStart(2, '0')}T12:00:00.000Z`,
    hashtags: ['bitcoin'],
    symbols: ['BTC'],
    sentiment: 0.8,
    views: 1000 + n,
    likes: 10 * n,
    replies: n,
    retweets: 2 * n,
    ...overrides,
  };
}

export function twitterPage(posts: TwitterPost[], pagination: Partial<PostPage<'twitter'>['pagination']> = {}): PostPage<'twitter'> {
  return { data: posts, pagination: { total: posts.length, page: 1, limit: 25, pages: 1, ...pagination } };
}

export function searchResult(n: number, overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    platform: 'twitter',
    _id: String(n),
    userRef: { username: `user${n}` },
    text: `Result ${n}: bitcoin is moving`,
    createdAt: '2026-11-21T12:00:00.000Z',
    hashtags: ['btc'],
    symbols: ['BTC'],
    likes: 5,
    comments: 0,
    shares: 0,
    views: 100,
    retweets: 1,
    sentiment: 0.75,
    ...overrides,
  };
}

export const summaries: PlatformSummaries = {
  period: '7d',
  platforms: (['twitter', 'instagram', 'facebook', 'linkedin'] as const).map((platform, i) => ({
    platform,
    followers: 1000 * (i + 1),
    engagement: 500 * (i + 1),
    sentiment: [0.75, 0.5, 0.3, 0.6][i] ?? 0.5,
    mentions: 100 * (i + 1),
    change24h: [12.5, -4, 0, 100][i] ?? 0,
  })),
};

/** A search answer holding `results`, all there is unless `overrides` says otherwise. */
export function searchResults(results: SearchResult[], overrides: Partial<SearchResults> = {}): SearchResults {
  return {
    data: results,
    total: results.length,
    totalCapped: false,
    platforms: SOCIAL_PLATFORMS.map((platform) => ({
      platform,
      matches: results.filter((r) => r.platform === platform).length,
      capped: false,
    })),
    nextOffset: null,
    ...overrides,
  };
}
