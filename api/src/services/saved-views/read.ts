import {
  MAX_SAVED_VIEWS,
  teamRoleCan,
  type SavedView,
  type SavedViewState,
  type SavedViewTable,
  type TeamRole,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type Kysely } from 'kysely';
import type { SignedIn } from '../caller.js';
import { ownedBy, seenBy, type ViewOwner } from './owner.js';

/** The columns a view is answered with, its owner's, and the caller's role in its team (if any). */
export const VIEW_COLUMNS = ['id', 'table_name', 'name', 'state', 'created_at', 'updated_at'] as const;

/**
 * The views the caller sees (seenBy), each with its team's name and account and the caller's role
 * in that team, for the answer's `team` and `canChange`.
 */
export function viewsSeenBy(db: Kysely<Database>, caller: SignedIn) {
  return db
    .selectFrom('saved_views')
    .leftJoin('teams', 'teams.id', 'saved_views.owner_team_id')
    .leftJoin('team_members', (join) =>
      join.onRef('team_members.team_id', '=', 'saved_views.owner_team_id').on('team_members.user_id', '=', caller.userId),
    )
    .select(VIEW_COLUMNS.map((column) => `saved_views.${column}` as const))
    .select([
      'saved_views.owner_user_id',
      'saved_views.owner_team_id',
      'saved_views.created_by',
      'teams.name as team_name',
      'teams.account_id as team_account_id',
      'team_members.role as team_role',
    ])
    .where(seenBy(caller));
}

export type SeenView = Awaited<ReturnType<ReturnType<typeof viewsSeenBy>['executeTakeFirstOrThrow']>>;

/** Who may rename and delete a view: its owner, the member who shared it, a team owner or admin (TEAM_PERMISSIONS.manageViews). */
export function mayChange(view: Pick<SeenView, 'owner_user_id' | 'created_by' | 'team_role'>, caller: SignedIn): boolean {
  if (view.owner_user_id === caller.userId || view.created_by === caller.userId) return true;
  return view.team_role !== null && teamRoleCan(view.team_role as TeamRole, 'manageViews');
}

export function toSavedView(row: SeenView, caller: SignedIn): SavedView {
  return {
    id: Number(row.id),
    // Written only from the contracts' schema: the table and state it accepted.
    table: row.table_name as SavedViewTable,
    name: row.name,
    state: row.state as SavedViewState,
    team: row.owner_team_id !== null ? { id: row.owner_team_id, name: row.team_name ?? '' } : null,
    canChange: mayChange(row, caller),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Another view of the owner's with this name on this table (any case), other than `except`. */
export async function nameTaken(trx: Kysely<Database>, owner: ViewOwner, table: string, name: string, except?: number): Promise<boolean> {
  const row = await trx
    .selectFrom('saved_views')
    .select('id')
    .where(ownedBy(owner))
    .where('table_name', '=', table)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(except !== undefined, (q) => q.where('id', '<>', except!))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the owner already keeps MAX_SAVED_VIEWS views of this table. */
export async function ownerFull(trx: Kysely<Database>, owner: ViewOwner, table: string): Promise<boolean> {
  const { n } = await trx
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy(owner))
    .where('table_name', '=', table)
    .executeTakeFirstOrThrow();
  return Number(n) >= MAX_SAVED_VIEWS;
}
