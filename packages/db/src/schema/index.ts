import type { AssetsTable } from './assets.js';
import type { AuthorsTable } from './authors.js';
import type { BlogPostsTable } from './blog-posts.js';
import type { CandlesTable } from './candles.js';
import type { ContactMessagesTable } from './contact-messages.js';
import type { NewsletterConfirmationsTable } from './newsletter-confirmations.js';
import type { EmailChangesTable } from './email-changes.js';
import type { NewsletterSubscribersTable } from './newsletter-subscribers.js';
import type { OutboxTable } from './outbox.js';
import type { PasswordResetsTable } from './password-resets.js';
import type { PlatformHourlyStatsTable } from './platform-hourly-stats.js';
import type { PostsTable } from './posts.js';
import type { PriceTicksTable } from './price-ticks.js';
import type { SessionsTable } from './sessions.js';
import type { TopicDailyStatsTable } from './topic-daily-stats.js';
import type { TopicHourlyStatsTable } from './topic-hourly-stats.js';
import type { TopicRelatedDailyTable } from './topic-related-daily.js';
import type { UsersTable } from './users.js';

export type { AssetRow, AssetsTable } from './assets.js';
export type { AuthorRow, AuthorsTable } from './authors.js';
export type { BlogPostRow, BlogPostsTable } from './blog-posts.js';
export type { CandlesTable } from './candles.js';
export type { ContactMessageRow, ContactMessagesTable, ContactSubject } from './contact-messages.js';
export type { NewsletterConfirmationRow, NewsletterConfirmationsTable } from './newsletter-confirmations.js';
export type { NewsletterStatus, NewsletterSubscriberRow, NewsletterSubscribersTable } from './newsletter-subscribers.js';
export type { EmailChangeRow, EmailChangesTable } from './email-changes.js';
export type { OutboxRow, OutboxTable } from './outbox.js';
export type { PasswordResetRow, PasswordResetsTable } from './password-resets.js';
export type { PlatformHourlyStatsTable } from './platform-hourly-stats.js';
export type { MediaType, Platform, PostRow, PostsTable, ReactionKind, Reactions } from './posts.js';
export type { PriceTicksTable } from './price-ticks.js';
export type { SessionRow, SessionsTable } from './sessions.js';
export type { TopicDailyStatsTable } from './topic-daily-stats.js';
export type { TopicHourlyStatsTable } from './topic-hourly-stats.js';
export type { TopicRelatedDailyTable } from './topic-related-daily.js';
export type { SocialAccounts, Tier, UserRow, UsersTable } from './users.js';

/** Every table Kysely may query; one file per table beside this one. */
export interface Database {
  users: UsersTable;
  assets: AssetsTable;
  price_ticks: PriceTicksTable;
  candles: CandlesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  outbox: OutboxTable;
  authors: AuthorsTable;
  posts: PostsTable;
  platform_hourly_stats: PlatformHourlyStatsTable;
  topic_hourly_stats: TopicHourlyStatsTable;
  topic_daily_stats: TopicDailyStatsTable;
  topic_related_daily: TopicRelatedDailyTable;
  blog_posts: BlogPostsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_confirmations: NewsletterConfirmationsTable;
  contact_messages: ContactMessagesTable;
}
