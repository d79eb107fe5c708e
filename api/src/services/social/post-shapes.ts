import type { FacebookPost, InstagramPost, LinkedinPost, PostsByPlatform, Reactions, SearchResult, SocialPlatform, TwitterPost } from '@coinsight/contracts';
import type { MediaType } from '@coinsight/db';

/** The columns the list and search queries select, as they come back. */
export interface PostRowOut {
  id: number;
  platform: SocialPlatform;
  username: string;
  text: string;
  created_at: Date;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  replies: number;
  retweets: number;
  media_type: MediaType | null;
  location: string | null;
  reactions: Reactions | null;
  hashtags: string[];
  symbols: string[];
  sentiment: number;
}

export const POST_COLUMNS = [
  'posts.id',
  'posts.platform',
  'authors.username',
  'posts.text',
  'posts.created_at',
  'posts.likes',
  'posts.comments',
  'posts.shares',
  'posts.views',
  'posts.replies',
  'posts.retweets',
  'posts.media_type',
  'posts.location',
  'posts.reactions',
  'posts.hashtags',
  'posts.symbols',
  'posts.sentiment',
] as const;

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

// Each platform's spec §3 shape, built field by field: nothing reaches a client by accident.
const shapes: { [P in SocialPlatform]: (row: PostRowOut) => PostsByPlatform[P] } = {
  twitter: (row): TwitterPost => ({ ...base(row), views: row.views, likes: row.likes, replies: row.replies, retweets: row.retweets }),
  instagram: (row): InstagramPost => ({ ...base(row), likes: row.likes, comments: row.comments, mediaType: row.media_type, location: row.location }),
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
