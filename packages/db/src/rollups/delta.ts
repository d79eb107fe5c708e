import type { Engagement, Platform } from '../schema/posts.js';

/** The fields of a post that the rollups count. */
export interface RollupPost extends Engagement {
  platform: Platform;
  /** The author's row in `authors`: the per-author rollups' key. */
  authorId: number;
  createdAt: Date;
  sentiment: number;
  hashtags: readonly string[];
  symbols: readonly string[];
}

const HOUR_MS = 3_600_000;

export const hourOf = (date: Date): string => new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS).toISOString();
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** A post's topics: its coins as '$BTC' and its hashtags as '#defi'. */
export function topicsOf(post: Pick<RollupPost, 'hashtags' | 'symbols'>): string[] {
  return [...post.symbols.map((s) => `$${s}`), ...post.hashtags.map((h) => `#${h}`)];
}

export interface PlatformCounts extends Engagement {
  posts: number;
  sentimentSum: number;
}

export interface TopicCounts {
  mentions: number;
  sentimentSum: number;
  /** Interactions of the posts naming the topic (ENGAGEMENT_SQL in add-counts.ts). */
  engagement: number;
}

/** A post's engagement as the topic rollups count it (add-counts.ts, ENGAGEMENT_SQL). */
export const engagementOfPost = (post: Engagement): number => post.likes + post.comments + post.shares + post.replies + post.retweets;

const KEY_SEPARATOR = '\u0001';

/**
 * What a set of post writes changes in the rollup tables, summed per rollup row, so a batch of
 * a thousand posts becomes one upsert per table. An updated post is its old self subtracted
 * and its new self added.
 */
export class RollupDelta {
  readonly platformHours = new Map<string, PlatformCounts>();
  readonly topicHours = new Map<string, TopicCounts>();
  readonly topicDays = new Map<string, TopicCounts>();
  readonly related = new Map<string, number>();
  /** Per author and day (key author id, day), and per author and topic (key author id, topic). */
  readonly authorDays = new Map<string, PlatformCounts>();
  readonly authorTopics = new Map<string, TopicCounts>();

  add(post: RollupPost, sign: 1 | -1 = 1): void {
    const hour = hourOf(post.createdAt);
    const day = dayOf(post.createdAt);
    for (const counts of [
      bump(this.platformHours, key(hour, post.platform), emptyPlatformCounts),
      bump(this.authorDays, key(String(post.authorId), day), emptyPlatformCounts),
    ]) {
      counts.posts += sign;
      counts.likes += sign * post.likes;
      counts.comments += sign * post.comments;
      counts.shares += sign * post.shares;
      counts.views += sign * post.views;
      counts.replies += sign * post.replies;
      counts.retweets += sign * post.retweets;
      counts.sentimentSum += sign * post.sentiment;
    }

    for (const topic of topicsOf(post)) {
      const byAuthor = bump(this.authorTopics, key(String(post.authorId), topic), emptyTopicCounts);
      byAuthor.mentions += sign;
      byAuthor.sentimentSum += sign * post.sentiment;
      for (const [map, bucket] of [
        [this.topicHours, hour],
        [this.topicDays, day],
      ] as const) {
        const t = bump(map, key(bucket, post.platform, topic), emptyTopicCounts);
        t.mentions += sign;
        t.sentimentSum += sign * post.sentiment;
        t.engagement += sign * engagementOfPost(post);
      }
      for (const symbol of post.symbols) {
        if (topic === `$${symbol}`) continue;
        const k = key(day, post.platform, topic, symbol);
        this.related.set(k, (this.related.get(k) ?? 0) + sign);
      }
    }
  }

  get isEmpty(): boolean {
    return this.platformHours.size === 0;
  }
}

export function key(...parts: string[]): string {
  return parts.join(KEY_SEPARATOR);
}

export function splitKey(k: string): string[] {
  return k.split(KEY_SEPARATOR);
}

function bump<T>(map: Map<string, T>, k: string, empty: () => T): T {
  let value = map.get(k);
  if (!value) {
    value = empty();
    map.set(k, value);
  }
  return value;
}

const emptyPlatformCounts = (): PlatformCounts => ({
  posts: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  views: 0,
  replies: 0,
  retweets: 0,
  sentimentSum: 0,
});
const emptyTopicCounts = (): TopicCounts => ({ mentions: 0, sentimentSum: 0, engagement: 0 });
