import type { Generated } from 'kysely';
import type { Platform } from './posts.js';

/** Per platform, hour and topic ('$BTC' for a coin, '#defi' for a hashtag). */
export interface TopicHourlyStatsTable {
  platform: Platform;
  hour: Date;
  topic: string;
  mentions: Generated<number>;
  sentiment_sum: Generated<number>;
  /** Interactions of those posts: likes, comments, shares, replies, retweets (not views). */
  engagement: Generated<number>;
}
