import type { Generated, Selectable } from 'kysely';

/** A team's role (docs/accounts.md, "Teams": what each may do). */
export type TeamRoleColumn = 'owner' | 'admin' | 'member' | 'billing';

/** A team: its keys, usage, plan, budget and subscription belong to its account (`account_id`). */
export interface TeamsTable {
  /** Prefixed random id, `team_…`. */
  id: string;
  name: string;
  /** The team's own users row: nobody signs in to it; per-account tables key on it. */
  account_id: string;
  created_by: string | null;
  created_at: Generated<Date>;
  /** Members reach the team only with two-factor sign-in on (owners set it). */
  require_two_factor: Generated<boolean>;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: TeamRoleColumn;
  created_at: Generated<Date>;
}

/** A mailed invitation, accepted once by a signed-in account of `email` before `expires_at`. */
export interface TeamInvitationsTable {
  /** Prefixed random id, `tmi_…`. */
  id: string;
  team_id: string;
  /** The address invited: only an account with this address may accept. */
  email: string;
  role: TeamRoleColumn;
  /** Hex SHA-256 of the mailed token; the token itself is never stored. */
  token_hash: string;
  invited_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  accepted_at: Date | null;
}

export type TeamRow = Selectable<TeamsTable>;
