import type { Generated, Selectable } from 'kysely';

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Stored as given; unique whatever its case (index on lower(email)). */
  email: string;
  created_at: Generated<Date>;
}

export type NewsletterSubscriberRow = Selectable<NewsletterSubscribersTable>;
