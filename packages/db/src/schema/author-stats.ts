import type { Generated } from 'kysely';

/** Per author and UTC day: a creator's posts, counters and sentiment sum (migration 2026-11-29T1500_author_rollups). */
export interface AuthorDailyStatsTable {
  author_id: number;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  posts: Generated<number>;
  likes: Generated<number>;
  comments: Generated<number>;
  shares: Generated<number>;
  views: Generated<number>;
  replies: Generated<number>;
  retweets: Generated<number>;
  sentiment_sum: Generated<number>;
}

/** Per author and topic ('$BTC', '#defi'), over all their posts: the coins and topics a creator talks about. */
export interface AuthorTopicStatsTable {
  author_id: number;
  topic: string;
  mentions: Generated<number>;
  sentiment_sum: Generated<number>;
}
