import type { Selectable } from 'kysely';
import type { PostsTable } from './posts.js';

/**
 * An account's own posts: what its scrape tasks (uploads, URLs, X searches) bring in (checklist
 * 24). The columns of `posts` (derived from it, so the two cannot drift apart: the "mine" reads
 * stand this table in for `posts`), plus the owner, with the author inline instead of
 * `author_id`: nothing here touches the shared `posts`, `authors` or rollups. `external_id` is
 * unique per owner and platform, the key their imports are idempotent on.
 */
export interface PrivatePostsTable extends Omit<PostsTable, 'author_id'> {
  /** The account whose dataset this is; its deletion deletes them. */
  user_id: string;
  /** As the source spelled it. */
  author_username: string;
  author_display_name: string | null;
  author_followers: number;
}

export type PrivatePostRow = Selectable<PrivatePostsTable>;
