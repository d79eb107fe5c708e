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
export interface PostsTable {
  id: Generated<number>;
  platform: Platform;
  /** The platform's own id of the post; unique per platform, the key imports are idempotent on. */
  external_id: string;
  author_id: number;
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

export type PostRow = Selectable<PostsTable>;
