import type { Generated } from 'kysely';
import type { Platform } from './posts.js';

/** The same per day: long periods read whole days here and only their ragged ends hourly. */
export interface TopicDailyStatsTable {
  platform: Platform;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  topic: string;
  mentions: Generated<number>;
  sentiment_sum: Generated<number>;
  /** Interactions of those posts: likes, comments, shares, replies, retweets (not views). */
  engagement: Generated<number>;
}
