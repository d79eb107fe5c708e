import type { ColumnType, Generated, Selectable } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  reply_to: string | null;
  created_at: Generated<Date>;
  /** Extra headers (List-Unsubscribe and the like), or null. */
  headers: ColumnType<Record<string, string> | null, Record<string, string> | null | undefined, Record<string, string> | null>;
  /** Set while the mail waits to be sent over SMTP (queued past the global sending rate); null for a kept mail. */
  next_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a queued mail went out. */
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OutboxRow = Selectable<OutboxTable>;
