import type { ContactSubject } from '@coinsight/contracts';
import type { Generated, Selectable } from 'kysely';

export type { ContactSubject };

/** A message sent through the contact form; a copy goes to the operator by mail. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  created_at: Generated<Date>;
  /** When the operator's copy was handed to the mailer; null if that failed. */
  mailed_at: Date | null;
}

export type ContactMessageRow = Selectable<ContactMessagesTable>;
