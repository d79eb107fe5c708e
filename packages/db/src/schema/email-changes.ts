import type { Generated, Selectable } from 'kysely';

export interface EmailChangesTable {
  id: string;
  user_id: string;
  /** The address when the change was asked for: the one a revert restores. */
  old_email: string;
  new_email: string;
  /** Hex SHA-256 of the token mailed to the new address. */
  verify_token_hash: string;
  /** Hex SHA-256 of the token mailed to the old address ("this wasn't me"). */
  revert_token_hash: string;
  created_at: Generated<Date>;
  /** Until when the verify link works. */
  expires_at: Date;
  /** Until when the revert link works: longer, so an owner who reads mail late can still act. */
  revert_expires_at: Date;
  verified_at: Date | null;
  /** Set when a newer change, or a revert, replaces this one before it was verified. */
  voided_at: Date | null;
  reverted_at: Date | null;
}

export type EmailChangeRow = Selectable<EmailChangesTable>;
