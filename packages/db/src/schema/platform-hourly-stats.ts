import type { Generated } from 'kysely';
import type { Platform } from './posts.js';

// Rollups kept in step with posts in the same transaction as every write, so analytics read a
// few thousand small rows instead of scanning posts. Sums of sentiment, not averages, so that
// adding and removing a post are both plain increments.

/** Per platform and hour: exact rolling 24 h windows for summaries and their 24 h change. */
export interface PlatformHourlyStatsTable {
  platform: Platform;
  hour: Date;
  posts: Generated<number>;
  likes: Generated<number>;
  comments: Generated<number>;
  shares: Generated<number>;
  views: Generated<number>;
  replies: Generated<number>;
  retweets: Generated<number>;
  sentiment_sum: Generated<number>;
}
