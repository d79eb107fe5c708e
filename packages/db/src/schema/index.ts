import type { AlertsTable, NotificationPrefsTable, NotificationsTable } from './alerts.js';
import type { ApiKeysTable } from './api-keys.js';
import type { AssetsTable } from './assets.js';
import type { AuthorDailyStatsTable, AuthorTopicStatsTable } from './author-stats.js';
import type { AuthorsTable } from './authors.js';
import type { BlogPostsTable } from './blog-posts.js';
import type { BudgetNoticesTable, BudgetsTable } from './budgets.js';
import type { CandlesTable } from './candles.js';
import type { ContactMessagesTable } from './contact-messages.js';
import type { NewsletterConfirmationsTable } from './newsletter-confirmations.js';
import type { EmailChangesTable } from './email-changes.js';
import type { EmailVerificationsTable, OneTimeLinksTable } from './one-time-links.js';
import type { IdempotencyKeysTable } from './idempotency-keys.js';
import type { NewsletterSubscribersTable } from './newsletter-subscribers.js';
import type { OutboxTable } from './outbox.js';
import type { PlatformHourlyStatsTable } from './platform-hourly-stats.js';
import type { PostsTable } from './posts.js';
import type { PrivatePostsTable } from './private-posts.js';
import type { PriceTicksTable } from './price-ticks.js';
import type { SessionsTable } from './sessions.js';
import type { RecoveryCodesTable, TwoFactorChallengesTable, TwoFactorTable } from './two-factor.js';
import type { BillingAccountsTable, PlanChangesTable, StripeEventsTable } from './subscriptions.js';
import type { TopicDailyStatsTable } from './topic-daily-stats.js';
import type { TopicHourlyStatsTable } from './topic-hourly-stats.js';
import type { SearchPostingsTable, SearchTermDaysTable } from './search-postings.js';
import type { TopicRelatedDailyTable } from './topic-related-daily.js';
import type { JobSlotsTable } from './job-slots.js';
import type { TeamInvitationsTable, TeamMembersTable, TeamsTable } from './teams.js';
import type { UsersTable } from './users.js';
import type { WatchlistItemsTable } from './watchlist-items.js';
import type { UserPreferencesTable } from './user-preferences.js';
import type { SavedViewsTable } from './saved-views.js';
import type { ApiRequestLogsTable, ApiUsageHourlyTable, ApiUsageMonthlyTable, MeterReportsTable } from './metering.js';
import type { TaskFilesTable, TaskSchedulesTable, TaskUploadsTable, TasksTable } from './tasks.js';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookSecretsTable } from './webhooks.js';

export type { AlertsTable, NotificationPrefsTable, NotificationsTable } from './alerts.js';
export type { ApiKeyRow, ApiKeysTable } from './api-keys.js';
export type { AssetRow, AssetsTable } from './assets.js';
export type { AuthorDailyStatsTable, AuthorTopicStatsTable } from './author-stats.js';
export type { AuthorRow, AuthorsTable } from './authors.js';
export type { BlogPostRow, BlogPostsTable } from './blog-posts.js';
export type { BudgetNoticesTable, BudgetsTable } from './budgets.js';
export type { CandlesTable } from './candles.js';
export type { ContactMessageRow, ContactMessagesTable, ContactSubject } from './contact-messages.js';
export type { NewsletterConfirmationRow, NewsletterConfirmationsTable } from './newsletter-confirmations.js';
export type { NewsletterStatus, NewsletterSubscriberRow, NewsletterSubscribersTable } from './newsletter-subscribers.js';
export type { EmailChangeRow, EmailChangesTable } from './email-changes.js';
export type { EmailVerificationRow, EmailVerificationsTable, OneTimeLinkRow, OneTimeLinksTable } from './one-time-links.js';
export type { IdempotencyKeysTable } from './idempotency-keys.js';
export type { OutboxRow, OutboxTable } from './outbox.js';
export type { PlatformHourlyStatsTable } from './platform-hourly-stats.js';
export type { MediaType, Platform, PostRow, PostsTable, ReactionKind, Reactions } from './posts.js';
export type { PriceTicksTable } from './price-ticks.js';
export type { PrivatePostRow, PrivatePostsTable } from './private-posts.js';
export type { SessionRow, SessionsTable } from './sessions.js';
export type { RecoveryCodesTable, TwoFactorChallengesTable, TwoFactorRow, TwoFactorTable } from './two-factor.js';
export type { BillingAccountsTable, PlanChangesTable, StripeEventsTable } from './subscriptions.js';
export type { TopicDailyStatsTable } from './topic-daily-stats.js';
export type { TopicHourlyStatsTable } from './topic-hourly-stats.js';
export type { SearchPostingsTable, SearchTermDaysTable } from './search-postings.js';
export type { TopicRelatedDailyTable } from './topic-related-daily.js';
export type { JobSlotsTable } from './job-slots.js';
export type { AccountPlan, SocialAccounts, UserRow, UsersTable } from './users.js';
export type { WatchlistItemsTable } from './watchlist-items.js';
export type { TeamInvitationsTable, TeamMembersTable, TeamRoleColumn, TeamRow, TeamsTable } from './teams.js';
export type { UserPreferencesTable } from './user-preferences.js';
export type { SavedViewsTable } from './saved-views.js';
export type { ApiRequestLogsTable, ApiUsageHourlyTable, ApiUsageMonthlyTable, MeterReportsTable } from './metering.js';
export type {
  TaskFilesTable,
  TaskScheduleRepeatColumn,
  TaskSchedulesTable,
  TaskStatusColumn,
  TaskTypeColumn,
  TaskUploadsTable,
  TasksTable,
} from './tasks.js';
export type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookDeliveryStatus, WebhookSecretsTable } from './webhooks.js';

/** Every table Kysely may query; one file per table beside this one. */
export interface Database {
  users: UsersTable;
  assets: AssetsTable;
  price_ticks: PriceTicksTable;
  candles: CandlesTable;
  sessions: SessionsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  password_resets: OneTimeLinksTable;
  email_changes: EmailChangesTable;
  outbox: OutboxTable;
  authors: AuthorsTable;
  posts: PostsTable;
  private_posts: PrivatePostsTable;
  platform_hourly_stats: PlatformHourlyStatsTable;
  topic_hourly_stats: TopicHourlyStatsTable;
  search_postings: SearchPostingsTable;
  search_term_days: SearchTermDaysTable;
  topic_daily_stats: TopicDailyStatsTable;
  topic_related_daily: TopicRelatedDailyTable;
  author_daily_stats: AuthorDailyStatsTable;
  author_topic_stats: AuthorTopicStatsTable;
  blog_posts: BlogPostsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_confirmations: NewsletterConfirmationsTable;
  contact_messages: ContactMessagesTable;
  alerts: AlertsTable;
  notification_prefs: NotificationPrefsTable;
  notifications: NotificationsTable;
  api_keys: ApiKeysTable;
  email_verifications: EmailVerificationsTable;
  login_links: OneTimeLinksTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  job_slots: JobSlotsTable;
  plan_changes: PlanChangesTable;
  api_usage_monthly: ApiUsageMonthlyTable;
  budgets: BudgetsTable;
  budget_notices: BudgetNoticesTable;
  api_usage_hourly: ApiUsageHourlyTable;
  billing_accounts: BillingAccountsTable;
  stripe_events: StripeEventsTable;
  meter_reports: MeterReportsTable;
  api_request_logs: ApiRequestLogsTable;
  watchlist_items: WatchlistItemsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  user_preferences: UserPreferencesTable;
  saved_views: SavedViewsTable;
  tasks: TasksTable;
  task_schedules: TaskSchedulesTable;
  task_uploads: TaskUploadsTable;
  task_files: TaskFilesTable;
}
