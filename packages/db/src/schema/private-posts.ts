import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SentimentModel } from '../analysis/sentiment.js';
import type { MediaType, Platform, Reactions } from './posts.js';

/**
 * An account's own posts: what its scrape tasks (uploads, URLs, X searches) bring in (checklist
 * 24). The columns of `posts`, plus the owner, with the author inline: nothing here touches the
 * shared `posts`, `authors` or rollups.
 */
export interface PrivatePostsTable {
  id: Generated<number>;
  /** The account whose dataset this is; its deletion deletes them. */
  user_id: string;
  platform: Platform;
  /** The platform's own id; unique per owner and platform, the key their imports are idempotent on. */
  external_id: string;
  /** As the source spelled it. */
  author_username: string;
  author_display_name: string | null;
  author_followers: number;
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
  sentiment_model: SentimentModel;
  search: ColumnType<string, never, never>;
  ingested_at: Generated<Date>;
}

export type PrivatePostRow = Selectable<PrivatePostsTable>;
