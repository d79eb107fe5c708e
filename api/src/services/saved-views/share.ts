import { SAVED_VIEW_MESSAGES, type SavedView, type ShareSavedViewInput } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { teamAccess } from '../teams/access.js';
import { inTransaction, lockAccount } from '../transactions.js';
import { ownerColumns, seenBy, type ViewOwner } from './owner.js';
import { nameTaken, ownerFull, toSavedView, viewsSeenBy } from './read.js';

type Deps = Pick<ServiceDeps, 'db'>;

/**
 * Shares one of the caller's own views with a team they are in and whose role may (TEAM_PERMISSIONS
 * .shareViews): the view moves into the team, as "share to a team space" does in Notion or Linear,
 * so there is one copy every member applies and nobody's personal list keeps a stale twin. Its
 * creator stays recorded (`created_by`) and may still rename or delete it. The team's names are
 * unique per table and it keeps at most MAX_SAVED_VIEWS per table, as a person does.
 */
export async function shareSavedView(deps: Deps, input: ShareSavedViewInput, caller: SignedIn): Promise<SavedView> {
  await inTransaction(deps.db, async (trx) => {
    // A team the caller is not in is 404 `Team not found`, a role that may not share is 403.
    const access = await teamAccess({ db: trx }, { teamId: input.teamId, action: 'shareViews' }, caller);
    // Serialises the team's view changes, so its count and the name check hold at the move.
    await lockAccount(trx, access.account.userId);
    const view = await trx
      .selectFrom('saved_views')
      .select(['id', 'table_name', 'name', 'owner_team_id'])
      .where('id', '=', input.id)
      .where(seenBy(caller))
      .executeTakeFirst();
    if (!view) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
    if (view.owner_team_id !== null) throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.alreadyShared);
    const team: ViewOwner = { kind: 'team', teamId: input.teamId };
    if (await ownerFull(trx, team, view.table_name)) throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.teamFull);
    if (await nameTaken(trx, team, view.table_name, view.name))
      throw new AppError('CONFLICT', SAVED_VIEW_MESSAGES.teamDuplicate(view.name));
    const moved = await trx
      .updateTable('saved_views')
      .set({ ...ownerColumns(team), updated_at: sql<Date>`now()` })
      .where('id', '=', view.id)
      .where('owner_user_id', '=', caller.userId)
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
  });
  const shared = await viewsSeenBy(deps.db, caller).where('saved_views.id', '=', input.id).executeTakeFirst();
  if (!shared) throw new NotOwnedError('saved_view', input.id, caller.userId, SAVED_VIEW_MESSAGES.notFound);
  return toSavedView(shared, caller);
}
