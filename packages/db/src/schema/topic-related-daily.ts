import type { Generated } from 'kysely';
import type { Platform } from './posts.js';

/** How often a coin is mentioned alongside a topic, per day: a topic's related tokens. */
export interface TopicRelatedDailyTable {
  platform: Platform;
  day: string;
  topic: string;
  symbol: string;
  mentions: Generated<number>;
}
