import type { Generated, Selectable } from 'kysely';

/** One-click sign-in links mailed from a throttled sign-in: single use, 15 minutes. */
export interface LoginLinksTable {
  id: string;
  user_id: string;
  /** Hex SHA-256 of the mailed token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export type LoginLinkRow = Selectable<LoginLinksTable>;
