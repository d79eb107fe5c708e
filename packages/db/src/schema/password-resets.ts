import type { Generated, Selectable } from 'kysely';

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  /** Hex SHA-256 of the token sent by mail; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** Set when used, and on every other open reset of the user once one succeeds. */
  used_at: Date | null;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
