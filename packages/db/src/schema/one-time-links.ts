import type { Generated, Selectable } from 'kysely';

/**
 * A link mailed to be used once: sign-in links (`login_links`, 15 minutes) and password resets
 * (`password_resets`, one hour) have these columns; confirmation links add the address.
 */
export interface OneTimeLinksTable {
  id: string;
  user_id: string;
  /** Hex SHA-256 of the mailed token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** Set when used, and on every other open link of the user and table once one succeeds. */
  used_at: Date | null;
}

export type OneTimeLinkRow = Selectable<OneTimeLinksTable>;

/** A link mailed to confirm an account's address (sign-up, or a resend from settings). */
export interface EmailVerificationsTable extends OneTimeLinksTable {
  /** The address the link went to: it confirms only that address. */
  email: string;
}

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
