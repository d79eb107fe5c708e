import type { ColumnType, Generated } from 'kysely';

/**
 * A named view of a table (filters, sort, columns) and its owner: an account, or (once teams
 * share views) a team; exactly one of the two is set.
 */
export interface SavedViewsTable {
  id: Generated<number>;
  owner_user_id: string | null;
  /** A team (teams.id) that shares the view; nothing writes it yet. */
  owner_team_id: string | null;
  /** The account that saved it (kept when a team owns it). */
  created_by: string | null;
  /** Which table: `social.twitter`, … (contracts' SAVED_VIEW_TABLES). */
  table_name: string;
  name: string;
  /** The view's state as the contracts' savedViewStateSchema reads it. */
  state: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
