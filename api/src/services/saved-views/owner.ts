import type { Database } from '@coinsight/db';
import type { ExpressionBuilder } from 'kysely';
import type { SignedIn } from '../caller.js';

/**
 * Who a saved view belongs to: an account, or a team it was shared with (docs/accounts.md,
 * "Teams"). Every read and write below goes through these functions, so who sees what is decided
 * here once, not in each query.
 */
export type ViewOwner = { kind: 'user'; userId: string } | { kind: 'team'; teamId: string };

/**
 * A where clause: the views the caller lists and may ask for by id — their own, and those of every
 * team they are a member of now. Membership is read from team_members inside the same statement
 * (no cache), so a member removed a moment ago sees none of the team's views from their next request;
 * nor does a member without two-factor sign-in in a team that requires it.
 */
export const seenBy = (caller: SignedIn) => (eb: ExpressionBuilder<Database, 'saved_views'>) =>
  eb.or([
    eb('saved_views.owner_user_id', '=', caller.userId),
    eb(
      'saved_views.owner_team_id',
      'in',
      eb
        .selectFrom('team_members')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .select('team_members.team_id')
        .where('team_members.user_id', '=', caller.userId)
        // A team requiring two-factor sign-in shows nothing to a member without it (as teamAccess).
        .where((team) =>
          team.or([
            team('teams.require_two_factor', '=', false),
            team.exists(
              team
                .selectFrom('two_factor')
                .select('two_factor.user_id')
                .where('two_factor.user_id', '=', caller.userId)
                .where('two_factor.confirmed_at', 'is not', null),
            ),
          ]),
        ),
    ),
  ]);

/** The owner of a view the caller saves: their own account (sharing moves it to a team later). */
export const ownerOfNew = (caller: SignedIn): ViewOwner => ({ kind: 'user', userId: caller.userId });

/** The owner a row's owner columns name (exactly one is set: the table's check). */
export const ownerOfRow = (row: { owner_user_id: string | null; owner_team_id: string | null }): ViewOwner =>
  row.owner_user_id !== null ? { kind: 'user', userId: row.owner_user_id } : { kind: 'team', teamId: row.owner_team_id! };

/** The row's owner columns for an owner. */
export const ownerColumns = (owner: ViewOwner) =>
  owner.kind === 'user' ? { owner_user_id: owner.userId, owner_team_id: null } : { owner_user_id: null, owner_team_id: owner.teamId };

/** A where clause: the view belongs to this owner. */
export const ownedBy = (owner: ViewOwner) => (eb: ExpressionBuilder<Database, 'saved_views'>) =>
  owner.kind === 'user' ? eb('saved_views.owner_user_id', '=', owner.userId) : eb('saved_views.owner_team_id', '=', owner.teamId);
