import { z } from 'zod';
import { ANALYTICS_PERIODS, SOCIAL_PLATFORMS, type AnalyticsPeriod, type SocialPlatform } from './constants.js';
import { enumParam, rejectUnknownParameters } from './params.js';
import type { SearchResult } from './results.js';
import { text } from '../text.js';

// The topic and creator pages (/topics/:topic, /creators/:platform/:handle): one read each, from
// the rollups, of the shared dataset (docs/social-data.md, "Topic and creator pages").

/** The periods a creator page offers: its rollup is per UTC day, so no 24-hour view. */
export const CREATOR_PERIODS = ['7d', '30d', '90d'] as const satisfies readonly AnalyticsPeriod[];
export type CreatorPeriod = (typeof CREATOR_PERIODS)[number];

/** How many top posts, top creators, topics and recent posts a page shows. */
export const TOPIC_TOP_POSTS = 10;
export const TOPIC_TOP_CREATORS = 10;
export const CREATOR_TOPICS = 20;
export const CREATOR_RECENT_POSTS = 20;

// As the analysis stores them (packages/db/src/analysis/extract.ts): a coin '$' and up to ten
// letters or digits starting with a letter, upper case; a hashtag '#' and up to 100 letters,
// digits or underscores, lower case.
const COIN = /^\$[A-Za-z][A-Za-z0-9]{0,9}$/;
const HASHTAG = /^#[\p{L}\p{N}_]{1,100}$/u;

/** A topic as the rollups key it: '$BTC' for a coin (any case in), '#defi' for a hashtag. */
export const topicParam = text('topic', { error: 'topic must be text' }).transform((value, ctx) => {
  const topic = value.trim();
  if (COIN.test(topic)) return topic.toUpperCase();
  if (HASHTAG.test(topic) && /\p{L}/u.test(topic)) return topic.toLowerCase();
  ctx.addIssue({ code: 'custom', message: 'topic must be a coin such as $BTC or a hashtag such as #defi' });
  return z.NEVER;
});

export const topicInputSchema = z.strictObject(
  { topic: topicParam, period: enumParam('period', ANALYTICS_PERIODS).transform((v) => v ?? '7d') },
  rejectUnknownParameters,
);
export type TopicInput = z.input<typeof topicInputSchema>;

export const creatorInputSchema = z.strictObject(
  {
    platform: z.enum(SOCIAL_PLATFORMS, { error: `platform must be one of ${SOCIAL_PLATFORMS.join(', ')}` }),
    handle: text('handle', { error: 'handle must be text' }).transform((value, ctx) => {
      const handle = value.trim().replace(/^@/, '');
      if (handle.length === 0 || handle.length > 200) {
        ctx.addIssue({ code: 'custom', message: 'handle must be 1 to 200 characters' });
        return z.NEVER;
      }
      return handle;
    }),
    period: enumParam('period', CREATOR_PERIODS).transform((v) => v ?? '30d'),
  },
  rejectUnknownParameters,
);
export type CreatorInput = z.input<typeof creatorInputSchema>;

/** Mentions (or posts) and mean sentiment per topic or platform. */
export interface MentionShare {
  mentions: number;
  /** Mean sentiment (0..1); 0.5 when there is nothing to average. */
  sentiment: number;
}

/** A creator as the pages name and link one: /creators/:platform/:username. */
export interface CreatorRef {
  platform: SocialPlatform;
  username: string;
  displayName: string | null;
  followers: number;
}

export interface TopicOverview extends MentionShare {
  /** As the rollups key it: '$BTC' or '#defi'. */
  topic: string;
  kind: 'coin' | 'hashtag';
  period: AnalyticsPeriod;
  /** The tracked asset when the topic is a coin Coinsight prices, for its price chart. */
  asset: { symbol: string; name: string } | null;
  /** Mentions in the last 24 hours against the 24 before, in percent. */
  change24h: number;
  /** Hourly for 24h, UTC days otherwise (as the social timeline); the last bucket may be partial. */
  timeline: {
    granularity: 'hour' | 'day';
    buckets: string[];
    partial: boolean;
    asOf: string;
    mentions: number[];
    sentiment: (number | null)[];
  };
  /** Every platform, in the usual order, with its mentions over the period. */
  platforms: (MentionShare & { platform: SocialPlatform })[];
  /** Coins most often named alongside over the period. */
  relatedTokens: string[];
  /** The creators who name the topic most, over all their posts. */
  topCreators: (CreatorRef & MentionShare)[];
  /** The most engaged of the topic's latest posts in the period (see docs/social-data.md). */
  topPosts: SearchResult[];
}

export interface CreatorOverview extends CreatorRef {
  period: CreatorPeriod;
  /** Posts, engagement (likes, comments, shares, replies, retweets) and mean sentiment over the period. */
  posts: number;
  engagement: number;
  sentiment: number;
  /** Per UTC day of the period, oldest first; the last day is today so far. */
  timeline: { buckets: string[]; asOf: string; posts: number[]; engagement: number[]; sentiment: (number | null)[] };
  /** The coins and hashtags the creator names most, over all their posts. */
  topics: (MentionShare & { topic: string })[];
  /** Their newest posts. */
  recentPosts: SearchResult[];
}
