import type { Generated, Selectable } from 'kysely';

/** pending: asked, not yet confirmed · confirmed: receives the newsletter · unsubscribed: left. */
export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Stored as given; unique whatever its case (index on lower(email)). */
  email: string;
  created_at: Generated<Date>;
  status: Generated<NewsletterStatus>;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

export type NewsletterSubscriberRow = Selectable<NewsletterSubscribersTable>;
