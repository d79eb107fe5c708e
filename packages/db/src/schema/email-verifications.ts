import type { Generated, Selectable } from 'kysely';

/** A link mailed to confirm an account's address (sign-up, or a resend from settings). */
export interface EmailVerificationsTable {
  id: string;
  user_id: string;
  /** The address the link went to: it confirms only that address. */
  email: string;
  /** Hex SHA-256 of the mailed token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
