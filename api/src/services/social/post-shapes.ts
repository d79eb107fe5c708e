import type {
  FacebookPost,
  InstagramPost,
  LinkedinPost,
  PostsByPlatform,
  Reactions,
  SearchResult,
  SocialPlatform,
  TwitterPost,
} from '@coinsight/contracts';
import { POST_COUNTERS, type Database } from '@coinsight/db';
import type { Selection } from 'kysely';

/**
 * What every read of posts shows, the export task's file included (tasks/export.ts adds the
 * platform's own post id); `posts.id` is ours, the keyset the list and the export page by.
 */
export const POST_CORE_COLUMNS = [
  'posts.id',
  'posts.platform',
  'authors.username',
  'posts.text',
  'posts.created_at',
  ...POST_COUNTERS.map((counter) => `posts.${counter}` as const),
  'posts.hashtags',
  'posts.symbols',
  'posts.sentiment',
] as const;

/** The list and search answers: the core and each platform's own fields. */
export const POST_COLUMNS = [...POST_CORE_COLUMNS, 'posts.media_type', 'posts.location', 'posts.reactions'] as const;

/** A row of the list and search queries, as Kysely types the selection of POST_COLUMNS. */
export type PostRowOut = Selection<Database, 'posts' | 'authors', (typeof POST_COLUMNS)[number]>;

const NO_REACTIONS: Reactions = { like: 0, love: 0, haha: 0, wow: 0, sad: 0, angry: 0 };

function base(row: PostRowOut) {
  return {
    _id: String(row.id),
    userRef: { username: row.username },
    text: row.text,
    createdAt: row.created_at.toISOString(),
    hashtags: row.hashtags,
    symbols: row.symbols,
    sentiment: row.sentiment,
  };
}

// Each platform's docs/product.md §3 shape, built field by field: nothing reaches a client by accident.
const shapes: { [P in SocialPlatform]: (row: PostRowOut) => PostsByPlatform[P] } = {
  twitter: (row): TwitterPost => ({ ...base(row), views: row.views, likes: row.likes, replies: row.replies, retweets: row.retweets }),
  instagram: (row): InstagramPost => ({
    ...base(row),
    likes: row.likes,
    comments: row.comments,
    mediaType: row.media_type,
    location: row.location,
  }),
  facebook: (row): FacebookPost => ({
    ...base(row),
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    reactions: { ...NO_REACTIONS, ...row.reactions },
  }),
  linkedin: (row): LinkedinPost => ({ ...base(row), views: row.views, likes: row.likes, comments: row.comments, shares: row.shares }),
};

export function toPlatformPost<P extends SocialPlatform>(platform: P, row: PostRowOut): PostsByPlatform[P] {
  return shapes[platform](row);
}

export function toSearchResult(row: PostRowOut): SearchResult {
  return {
    platform: row.platform,
    ...base(row),
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    views: row.views,
    retweets: row.retweets,
  };
}
