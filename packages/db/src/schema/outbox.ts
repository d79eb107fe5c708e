import type { Generated, Selectable } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  reply_to: string | null;
  created_at: Generated<Date>;
}

export type OutboxRow = Selectable<OutboxTable>;
