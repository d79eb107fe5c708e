import type { Generated } from 'kysely';

/**
 * The journal of writes to `posts` (migration 2026-12-02T0900_post_changes): a row per post a
 * statement wrote, or one without a post when every post may have changed (a truncate, retention).
 * `xid` is the writing transaction's id (xid8, read as text).
 */
export interface PostChangesTable {
  xid: Generated<string>;
  post_id: number | null;
  at: Generated<Date>;
}
