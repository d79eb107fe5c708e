import { SOCIAL_PLATFORMS, type MediaType, type Reactions, type SocialPlatform } from '@coinsight/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SentimentModel } from '../analysis/sentiment.js';

// Defined once, in contracts; the database layer keeps its short names for them.
export { MEDIA_TYPES, REACTION_KINDS, type MediaType, type ReactionKind, type Reactions } from '@coinsight/contracts';
export const PLATFORMS = SOCIAL_PLATFORMS;
export type Platform = SocialPlatform;

/**
 * One table for every platform: the engagement counters they share, and the extras only one
 * platform has (Instagram media type and location, Facebook reactions) as nullable columns.
 * Counters a platform does not have stay 0.
 */
export interface PostsTable extends Engagement {
  /** Claimed in post_keys (below) before the row is written: stable whatever month the post is in. */
  id: number;
  platform: Platform;
  /** The platform's own id of the post; unique per platform, the key imports are idempotent on. */
  external_id: string;
  author_id: number;
  text: string;
  created_at: Date;
  media_type: MediaType | null;
  location: string | null;
  reactions: Reactions | null;
  /** Lower-case, without '#'. */
  hashtags: string[];
  /** Upper-case tickers of tracked assets the post mentions. */
  symbols: string[];
  /** VADER compound score mapped to 0..1 (0.5 is neutral). */
  sentiment: number;
  /** The model that scored `sentiment` (see analysis/sentiment.ts). */
  sentiment_model: SentimentModel;
  /** Generated from text for full-text search; never written. */
  search: ColumnType<string, never, never>;
  ingested_at: Generated<Date>;
}

/**
 * Each shared post's key, and the id it was given once: posts is partitioned by month of
 * created_at (migration 2026-11-30T0100_posts_partitioned), and a partitioned table's unique
 * constraints must hold the partition key, so (platform, external_id) is unique here.
 */
export interface PostKeysTable {
  platform: Platform;
  external_id: string;
  id: Generated<number>;
}

/** Since when the shared posts are whole (retention dropped the months before); no row: since always. */
export interface PostsRetentionTable {
  one: Generated<boolean>;
  kept_from: Date;
}

/** A post's engagement counters, as every platform's posts carry them (0 where it has none). */
export interface Engagement {
  likes: number;
  comments: number;
  shares: number;
  views: number;
  replies: number;
  retweets: number;
}

/** The engagement counters of a post, a row or a parsed record (the names are the same in each). */
export function engagementOf(from: Engagement): Engagement {
  return {
    likes: from.likes,
    comments: from.comments,
    shares: from.shares,
    views: from.views,
    replies: from.replies,
    retweets: from.retweets,
  };
}

export type PostRow = Selectable<PostsTable>;

/** The counters every post carries (0 where its platform has none). */
export const POST_COUNTERS = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'] as const;

/** What a post holds past its identity, author, text and time: the same columns in posts and private_posts. */
export const POST_CONTENT_COLUMNS = [
  ...POST_COUNTERS,
  'media_type',
  'location',
  'reactions',
  'hashtags',
  'symbols',
  'sentiment',
  'sentiment_model',
] as const satisfies readonly (keyof PostsTable)[];

/**
 * The columns an import writes, in the one order every ingest statement lists them (the
 * statement path, post-rows.ts, and the COPY path, copy-batch.ts): the rest (id, search,
 * ingested_at) are generated.
 */
export const POST_WRITTEN_COLUMNS = [
  'platform',
  'external_id',
  'author_id',
  'text',
  'created_at',
  ...POST_CONTENT_COLUMNS,
] as const satisfies readonly (keyof PostsTable)[];
export type PostWrittenColumn = (typeof POST_WRITTEN_COLUMNS)[number];
