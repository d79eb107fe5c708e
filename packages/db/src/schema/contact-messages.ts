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
  /** When the operator's copy was handed to the mailer; null until then. */
  mailed_at: Date | null;
  /** Tries so far, the request's own included. */
  mail_attempts: Generated<number>;
  /** A sender's lease while it mails, else the next retry; null when there is nothing left to try. */
  next_attempt_at: Date | null;
  /** The last failure, as the mailer described it (never credentials). */
  last_error: string | null;
}

export type ContactMessageRow = Selectable<ContactMessagesTable>;
