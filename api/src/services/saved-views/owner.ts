import type { Database } from '@coinsight/db';
import type { ExpressionBuilder } from 'kysely';
import type { SignedIn } from '../caller.js';

/**
 * Who a saved view belongs to: an account; the table has a team owner column for views shared
 * with a team, which nothing writes yet. Every read and write below goes through these two
 * functions, so sharing is a new kind here and a change to `ownersSeenBy`, not to each query.
 */
export type ViewOwner = { kind: 'user'; userId: string } | { kind: 'team'; teamId: string };

/** The owners whose views the caller lists and may change: their own account (and, once teams share views, their teams). */
export const ownersSeenBy = (caller: SignedIn): ViewOwner[] => [{ kind: 'user', userId: caller.userId }];

/** The owner of a view the caller saves. */
export const ownerOfNew = (caller: SignedIn): ViewOwner => ({ kind: 'user', userId: caller.userId });

/** The row's owner columns for an owner. */
export const ownerColumns = (owner: ViewOwner) =>
  owner.kind === 'user' ? { owner_user_id: owner.userId, owner_team_id: null } : { owner_user_id: null, owner_team_id: owner.teamId };

/** A where clause: the view belongs to one of these owners. */
export const ownedByAny = (owners: readonly ViewOwner[]) => (eb: ExpressionBuilder<Database, 'saved_views'>) =>
  eb.or(
    owners.map((owner) =>
      owner.kind === 'user' ? eb('saved_views.owner_user_id', '=', owner.userId) : eb('saved_views.owner_team_id', '=', owner.teamId),
    ),
  );
