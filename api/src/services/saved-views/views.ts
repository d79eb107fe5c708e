import {
  SAVED_VIEW_MESSAGES,
  type CreateSavedViewInput,
  type ListSavedViewsInput,
  type RenameSavedViewInput,
  type SavedView,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { inTransaction, lockAccount } from '../transactions.js';
import { ownedBy, ownerColumns, ownerOfNew, ownerOfRow, seenBy } from './owner.js';
import { mayChange, nameTaken, ownerFull, toSavedView, VIEW_COLUMNS, viewsSeenBy, type SeenView } from './read.js';

type Deps = Pick<ServiceDeps, 'db'>;

/** The caller's own views of a table by name, then their teams' (by team name, then name). */
export async function listSavedViews(deps: Deps, input: ListSavedViewsInput, caller: SignedIn): Promise<SavedView[]> {
  const rows = await viewsSeenBy(deps.db, caller)
    .where('saved_views.table_name', '=', input.table)
    .orderBy(sql`saved_views.owner_team_id is not null`)
    .orderBy('teams.name')
    .orderBy(sql`lower(saved_views.name)`)
    .orderBy('saved_views.id')
    .execute();
  return rows.map((row) => toSavedView(row, caller));
}

/** Saves a named view of a table for the caller; names are unique per table whatever the case, MAX_SAVED_VIEWS per table. */
export async function createSavedView(deps: Deps, input: CreateSavedViewInput, caller: SignedIn): Promise<SavedView> {
  const owner = ownerOfNew(caller);
  const row = await inTransaction(deps.db, async (trx) => {
    // Serialises one account's saves, so the count and the name check hold at the insert.
    await lockAccount(trx, caller.userId);
    if (await ownerFull(trx, owner, input.table)) throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.full);
    if (await nameTaken(trx, owner, input.table, input.name))
      throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.duplicate(input.name), { param: 'name' });
    return trx
      .insertInto('saved_views')
      .values({
        ...ownerColumns(owner),
        created_by: caller.userId,
        table_name: input.table,
        name: input.name,
        state: JSON.stringify(input.state),
      })
      .returning(VIEW_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toSavedView(
    {
      ...row,
      owner_user_id: caller.userId,
      owner_team_id: null,
      created_by: caller.userId,
      team_name: null,
      team_account_id: null,
      team_role: null,
    },
    caller,
  );
}

/**
 * A view the caller sees and may change: none (or one of a team they are not in) is NOT_FOUND,
 * a team's view they neither shared nor manage (TEAM_PERMISSIONS.manageViews) is FORBIDDEN.
 */
async function changeableView(deps: Deps, id: number, caller: SignedIn): Promise<SeenView> {
  const view = await viewsSeenBy(deps.db, caller).where('saved_views.id', '=', id).executeTakeFirst();
  if (!view) throw new NotOwnedError('saved_view', id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
  if (!mayChange(view, caller)) throw new AppError('FORBIDDEN', SAVED_VIEW_MESSAGES.notYours);
  return view;
}

/** Renames a view the caller may change (changeableView); the name is unique among its owner's views of the table. */
export async function renameSavedView(deps: Deps, input: RenameSavedViewInput, caller: SignedIn): Promise<SavedView> {
  const view = await changeableView(deps, input.id, caller);
  const owner = ownerOfRow(view);
  const row = await inTransaction(deps.db, async (trx) => {
    // Serialises the owner's (account's or team's) changes, so the name check holds at the update.
    await lockAccount(trx, view.team_account_id ?? caller.userId);
    if (await nameTaken(trx, owner, view.table_name, input.name, view.id))
      throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.duplicate(input.name), { param: 'name' });
    return trx
      .updateTable('saved_views')
      .set({ name: input.name, updated_at: sql<Date>`now()` })
      .where('id', '=', view.id)
      .where(ownedBy(owner))
      .where(seenBy(caller))
      .returning(VIEW_COLUMNS)
      .executeTakeFirst();
  });
  // Deleted, moved into a team, or its team left, since it was read.
  if (!row) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
  return toSavedView({ ...view, ...row }, caller);
}

/** Deletes a view the caller may change (changeableView). */
export async function deleteSavedView(deps: Deps, input: { id: number }, caller: SignedIn): Promise<{ deleted: true }> {
  const view = await changeableView(deps, input.id, caller);
  const gone = await deps.db
    .deleteFrom('saved_views')
    .where('id', '=', view.id)
    // Still its owner's and still seen: a member removed since the read is refused here too.
    .where(ownedBy(ownerOfRow(view)))
    .where(seenBy(caller))
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
  return { deleted: true };
}
