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
}

export type OutboxRow = Selectable<OutboxTable>;
