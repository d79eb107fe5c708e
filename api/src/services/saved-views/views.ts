import {
  MAX_SAVED_VIEWS,
  SAVED_VIEW_MESSAGES,
  type CreateSavedViewInput,
  type ListSavedViewsInput,
  type RenameSavedViewInput,
  type SavedView,
  type SavedViewState,
  type SavedViewTable,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type Kysely } from 'kysely';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { inTransaction, lockAccount } from '../transactions.js';
import { ownedByAny, ownerColumns, ownerOfNew, ownersSeenBy, type ViewOwner } from './owner.js';

type Deps = Pick<ServiceDeps, 'db'>;

const COLUMNS = ['id', 'table_name', 'name', 'state', 'created_at', 'updated_at'] as const;

function toSavedView(row: { id: number; table_name: string; name: string; state: unknown; created_at: Date; updated_at: Date }): SavedView {
  return {
    id: row.id,
    // Written only from the contracts' schema: the table and state it accepted.
    table: row.table_name as SavedViewTable,
    name: row.name,
    state: row.state as SavedViewState,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The caller's saved views of a table, by name. */
export async function listSavedViews(deps: Deps, input: ListSavedViewsInput, caller: SignedIn): Promise<SavedView[]> {
  const rows = await deps.db
    .selectFrom('saved_views')
    .select(COLUMNS)
    .where(ownedByAny(ownersSeenBy(caller)))
    .where('table_name', '=', input.table)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toSavedView);
}

/** Another view of the owner's with this name on this table (any case), other than `except`. */
async function nameTaken(trx: Kysely<Database>, owner: ViewOwner, table: string, name: string, except?: number): Promise<boolean> {
  const row = await trx
    .selectFrom('saved_views')
    .select('id')
    .where(ownedByAny([owner]))
    .where('table_name', '=', table)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(except !== undefined, (q) => q.where('id', '<>', except!))
    .executeTakeFirst();
  return row !== undefined;
}

/** Saves a named view of a table for the caller; names are unique per table whatever the case, MAX_SAVED_VIEWS per table. */
export async function createSavedView(deps: Deps, input: CreateSavedViewInput, caller: SignedIn): Promise<SavedView> {
  const owner = ownerOfNew(caller);
  const row = await inTransaction(deps.db, async (trx) => {
    // Serialises one account's saves, so the count and the name check hold at the insert.
    await lockAccount(trx, caller.userId);
    const { n } = await trx
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(ownedByAny([owner]))
      .where('table_name', '=', input.table)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SAVED_VIEWS) throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.full);
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
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toSavedView(row);
}

/** Renames one of the caller's views; another account's (or no) view is NOT_FOUND. */
export async function renameSavedView(deps: Deps, input: RenameSavedViewInput, caller: SignedIn): Promise<SavedView> {
  const row = await inTransaction(deps.db, async (trx) => {
    await lockAccount(trx, caller.userId);
    const view = await trx
      .selectFrom('saved_views')
      .select(['id', 'table_name', 'owner_user_id', 'owner_team_id'])
      .where('id', '=', input.id)
      .where(ownedByAny(ownersSeenBy(caller)))
      .executeTakeFirst();
    if (!view) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
    const owner: ViewOwner = view.owner_user_id
      ? { kind: 'user', userId: view.owner_user_id }
      : { kind: 'team', teamId: view.owner_team_id! };
    if (await nameTaken(trx, owner, view.table_name, input.name, view.id))
      throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.duplicate(input.name), { param: 'name' });
    return trx
      .updateTable('saved_views')
      .set({ name: input.name, updated_at: sql<Date>`now()` })
      .where('id', '=', view.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toSavedView(row);
}

/** Deletes one of the caller's views; another account's (or no) view is NOT_FOUND. */
export async function deleteSavedView(deps: Deps, input: { id: number }, caller: SignedIn): Promise<{ deleted: true }> {
  const gone = await deps.db
    .deleteFrom('saved_views')
    .where('id', '=', input.id)
    .where(ownedByAny(ownersSeenBy(caller)))
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
  return { deleted: true };
}
