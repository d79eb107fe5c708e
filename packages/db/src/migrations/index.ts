import type { Migration } from 'kysely/migration';
import * as users from './2026-11-22T0900_users.js';
import * as assets from './2026-11-22T0901_assets.js';
import * as accounts from './2026-11-22T1000_accounts.js';
import * as socialPosts from './2026-11-22T1100_social_posts.js';
import * as publicSite from './2026-11-22T1200_public_site.js';
import * as sentimentModel from './2026-11-23T1000_sentiment_model.js';
import * as emailChanges from './2026-11-23T1300_email_changes.js';
import * as siteMail from './2026-11-23T1500_site_mail.js';
import * as marketData from './2026-11-23T1600_market_data.js';
import * as alerts from './2026-11-23T1700_alerts.js';
import * as apiKeys from './2026-11-23T1900_api_keys.js';
import * as webhooks from './2026-11-23T2000_webhooks.js';
import * as metering from './2026-11-23T2100_metering.js';
import * as idempotencyKeys from './2026-11-23T2200_idempotency_keys.js';
import * as trigramFilters from './2026-11-23T2300_trigram_filters.js';
import * as tasks from './2026-11-24T0000_tasks.js';
import * as jobSlots from './2026-11-24T0100_job_slots.js';
import * as coinTopicHours from './2026-11-24T0200_coin_topic_hours.js';
import * as instagramFilters from './2026-11-24T0300_instagram_filters.js';
import * as privatePosts from './2026-11-26T0100_private_posts.js';
import * as mailQueue from './2026-11-26T0200_mail_queue.js';
import * as loginLinks from './2026-11-26T0900_login_links.js';
import * as stripeBilling from './2026-11-26T1100_stripe_billing.js';
import * as budgets from './2026-11-26T1130_budgets.js';
import * as webhookRotation from './2026-11-26T1500_webhook_rotation.js';
import * as taskFiles from './2026-11-26T1700_task_files.js';
import * as platformSearchIndexes from './2026-11-26T2300_platform_search_indexes.js';
import * as topicHourlyCoinSeries from './2026-11-27T0200_topic_hourly_coin_series.js';
import * as postsTimeCovering from './2026-11-27T0600_posts_time_covering.js';
import * as postsAuthorCovering from './2026-11-27T0610_posts_author_covering.js';
import * as instagramSortCovering from './2026-11-27T0620_instagram_sort_covering.js';
import * as postsCounterCovering from './2026-11-27T0630_posts_counter_covering.js';
import * as platformCounterStatistics from './2026-11-27T1300_platform_counter_statistics.js';
import * as searchPostings from './2026-11-29T0400_search_postings.js';
import * as searchTermDays from './2026-11-30T0200_search_term_days.js';
import * as sortIndexesAuthor from './2026-11-30T0300_sort_indexes_author.js';
import * as instagramFiltersAuthor from './2026-11-30T0310_instagram_filters_author.js';
import * as authorsPlatformTrigrams from './2026-11-30T0320_authors_platform_trigrams.js';
import * as instagramPlaces from './2026-11-30T0400_instagram_places.js';
import * as postsCounterBoxes from './2026-11-30T0500_posts_counter_boxes.js';
import * as postingsLikesBands from './2026-12-01T0100_postings_likes_bands.js';
import * as postsAuthorRanges from './2026-12-01T0200_posts_author_ranges.js';
import * as postChanges from './2026-12-02T0900_post_changes.js';
import * as apiRequestLogs from './2026-11-29T1100_api_request_logs.js';
import * as alertKinds from './2026-11-29T1300_alert_kinds.js';
import * as watchlists from './2026-11-29T1400_watchlists.js';
import * as teams from './2026-11-29T1700_teams.js';
import * as userPreferences from './2026-11-29T2000_user_preferences.js';
import * as teamTwoFactor from './2026-11-29T2300_team_two_factor.js';
import * as topicEngagement from './2026-11-29T1401_topic_engagement.js';
import * as authorRollups from './2026-11-29T1500_author_rollups.js';
import * as taskSchedules from './2026-11-29T1800_task_schedules.js';
import * as savedViews from './2026-11-29T1900_saved_views.js';
import * as twoFactor from './2026-11-29T1600_two_factor.js';
import * as postsPartitioned from './2026-11-30T0100_posts_partitioned.js';

/**
 * Listed statically (no folder scanning) so that bundling, tests and both databases see the same
 * set. Append only: a landed migration is never edited; names sort by date.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900_users': users,
  '2026-11-22T0901_assets': assets,
  '2026-11-22T1000_accounts': accounts,
  '2026-11-22T1100_social_posts': socialPosts,
  '2026-11-22T1200_public_site': publicSite,
  '2026-11-23T1000_sentiment_model': sentimentModel,
  '2026-11-23T1300_email_changes': emailChanges,
  '2026-11-23T1500_site_mail': siteMail,
  '2026-11-23T1600_market_data': marketData,
  '2026-11-23T1700_alerts': alerts,
  '2026-11-23T1900_api_keys': apiKeys,
  '2026-11-23T2000_webhooks': webhooks,
  '2026-11-23T2100_metering': metering,
  '2026-11-23T2200_idempotency_keys': idempotencyKeys,
  '2026-11-23T2300_trigram_filters': trigramFilters,
  '2026-11-24T0000_tasks': tasks,
  '2026-11-24T0100_job_slots': jobSlots,
  '2026-11-24T0200_coin_topic_hours': coinTopicHours,
  '2026-11-24T0300_instagram_filters': instagramFilters,
  '2026-11-26T0100_private_posts': privatePosts,
  '2026-11-26T0200_mail_queue': mailQueue,
  '2026-11-26T0900_login_links': loginLinks,
  '2026-11-26T1100_stripe_billing': stripeBilling,
  '2026-11-26T1130_budgets': budgets,
  '2026-11-26T1500_webhook_rotation': webhookRotation,
  '2026-11-26T1700_task_files': taskFiles,
  '2026-11-26T2300_platform_search_indexes': platformSearchIndexes,
  '2026-11-27T0200_topic_hourly_coin_series': topicHourlyCoinSeries,
  '2026-11-27T0600_posts_time_covering': postsTimeCovering,
  '2026-11-27T0610_posts_author_covering': postsAuthorCovering,
  '2026-11-27T0620_instagram_sort_covering': instagramSortCovering,
  '2026-11-27T0630_posts_counter_covering': postsCounterCovering,
  '2026-11-27T1300_platform_counter_statistics': platformCounterStatistics,
  '2026-11-29T0400_search_postings': searchPostings,
  '2026-11-29T1100_api_request_logs': apiRequestLogs,
  '2026-11-29T1300_alert_kinds': alertKinds,
  '2026-11-29T1400_watchlists': watchlists,
  '2026-11-29T1401_topic_engagement': topicEngagement,
  '2026-11-29T1500_author_rollups': authorRollups,
  '2026-11-29T1600_two_factor': twoFactor,
  '2026-11-29T1700_teams': teams,
  '2026-11-29T1800_task_schedules': taskSchedules,
  '2026-11-29T1900_saved_views': savedViews,
  '2026-11-29T2000_user_preferences': userPreferences,
  '2026-11-29T2300_team_two_factor': teamTwoFactor,
  '2026-11-30T0100_posts_partitioned': postsPartitioned,
  '2026-11-30T0200_search_term_days': searchTermDays,
  '2026-11-30T0300_sort_indexes_author': sortIndexesAuthor,
  '2026-11-30T0310_instagram_filters_author': instagramFiltersAuthor,
  '2026-11-30T0320_authors_platform_trigrams': authorsPlatformTrigrams,
  '2026-11-30T0400_instagram_places': instagramPlaces,
  '2026-11-30T0500_posts_counter_boxes': postsCounterBoxes,
  '2026-12-01T0100_postings_likes_bands': postingsLikesBands,
  '2026-12-01T0200_posts_author_ranges': postsAuthorRanges,
  '2026-12-02T0900_post_changes': postChanges,
};
