import type { Generated, Selectable } from 'kysely';

/** A double opt-in link sent to a pending subscriber. */
export interface NewsletterConfirmationsTable {
  id: Generated<number>;
  subscriber_id: number;
  /** Hex SHA-256 of the token in the link; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
  /** Also set to the moment a newer link replaces this one. */
  expires_at: Date;
  used_at: Date | null;
}

export type NewsletterConfirmationRow = Selectable<NewsletterConfirmationsTable>;
