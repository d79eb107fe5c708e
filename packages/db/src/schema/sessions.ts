import type { ColumnType, Generated, Selectable } from 'kysely';

export interface SessionsTable {
  /** `ses_…`, carried as the token's `jti`. */
  id: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** Set by logout, password change and reset; a revoked session's token is refused. */
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  /** When a request last came with it; written at most once a minute (api auth/last-seen.ts). */
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

export type SessionRow = Selectable<SessionsTable>;
