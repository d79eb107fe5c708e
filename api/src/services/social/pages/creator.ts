import { CREATOR_RECENT_POSTS, CREATOR_TOPICS, PLATFORM_LABELS, type creatorInputSchema, type CreatorOverview } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { sql } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { readKey } from '../../read-cache.js';
import type { SocialDeps } from '../deps.js';
import { bucketsOf, isoDay, meanOrNull, meanSentiment } from '../windows.js';
import { postRowsInOrder } from '../post-rows.js';
import { toSearchResult } from '../post-shapes.js';

type Author = { id: number; platform: CreatorOverview['platform']; username: string; display_name: string | null; followers: number };

/**
 * A creator's page (/creators/:platform/:handle): their posts and engagement per UTC day from
 * author_daily_stats, the coins and hashtags they name from author_topic_stats, and their newest
 * posts from the (author_id, created_at, id) index. A creator is an author of the shared dataset:
 * private posts have no `authors` row, so no account's own posts ever show here.
 */
export async function creatorOverview(deps: SocialDeps, input: z.infer<typeof creatorInputSchema>): Promise<CreatorOverview> {
  const { reads, ...uncached } = deps;
  if (reads)
    return reads.get(readKey('creator', [input.platform, input.handle.toLowerCase(), input.period]), () =>
      creatorOverview(uncached, input),
    );
  const db = deps.readDb;
  const author = await db
    .selectFrom('authors')
    .select(['id', 'platform', 'username', 'display_name', 'followers'])
    .where('platform', '=', input.platform)
    .where(sql<string>`lower(username)`, '=', input.handle.toLowerCase())
    .executeTakeFirst();
  if (!author)
    throw new AppError('NOT_FOUND', `No ${PLATFORM_LABELS[input.platform]} creator named ${input.handle} has posts here`, {
      param: 'handle',
    });
  const chart = bucketsOf(input.period, deps.now(), 'day');
  const [timeline, topics, recentPosts] = await Promise.all([
    creatorTimeline(db, author.id, chart),
    creatorTopics(db, author.id),
    newestPosts(db, author.id),
  ]);
  const posts = timeline.posts.reduce((a, b) => a + b, 0);
  return {
    platform: author.platform,
    username: author.username,
    displayName: author.display_name,
    followers: Number(author.followers),
    period: input.period,
    posts,
    engagement: timeline.engagement.reduce((a, b) => a + b, 0),
    sentiment: meanSentiment(timeline.sentimentSum, posts),
    timeline: {
      buckets: timeline.buckets,
      asOf: deps.now().toISOString(),
      posts: timeline.posts,
      engagement: timeline.engagement,
      sentiment: timeline.sentiment,
    },
    topics,
    recentPosts,
  };
}

/** Posts, engagement and mean sentiment per UTC day of the period. */
async function creatorTimeline(db: Db, authorId: Author['id'], chart: ReturnType<typeof bucketsOf>) {
  const rows = await db
    .selectFrom('author_daily_stats')
    .select([
      sql<string>`day::text`.as('day'),
      'posts',
      sql<number>`likes + comments + shares + replies + retweets`.as('engagement'),
      'sentiment_sum',
    ])
    .where('author_id', '=', authorId)
    .where('day', '>=', isoDay(chart.first))
    .execute();
  const at = new Map(chart.buckets.map((t, i) => [isoDay(new Date(t)), i]));
  const posts = chart.buckets.map(() => 0);
  const engagement = chart.buckets.map(() => 0);
  const sentiment = chart.buckets.map((): number | null => null);
  let sentimentSum = 0;
  for (const row of rows) {
    const i = at.get(row.day);
    if (i === undefined) continue;
    posts[i] = Number(row.posts);
    engagement[i] = Number(row.engagement);
    sentiment[i] = meanOrNull(Number(row.sentiment_sum), Number(row.posts));
    sentimentSum += Number(row.sentiment_sum);
  }
  return { buckets: chart.buckets.map((t) => new Date(t).toISOString()), posts, engagement, sentiment, sentimentSum };
}

/** The coins and hashtags the creator names most. */
async function creatorTopics(db: Db, authorId: Author['id']): Promise<CreatorOverview['topics']> {
  const rows = await db
    .selectFrom('author_topic_stats')
    .select(['topic', 'mentions', 'sentiment_sum'])
    .where('author_id', '=', authorId)
    .where('mentions', '>', 0)
    .orderBy('mentions', 'desc')
    .orderBy('topic')
    .limit(CREATOR_TOPICS)
    .execute();
  return rows.map((r) => ({
    topic: r.topic,
    mentions: Number(r.mentions),
    sentiment: meanSentiment(Number(r.sentiment_sum), Number(r.mentions)),
  }));
}

/** Their newest posts, off the (author_id, created_at, id) index. */
async function newestPosts(db: Db, authorId: Author['id']) {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'created_at'])
    .where('author_id', '=', authorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CREATOR_RECENT_POSTS)
    .execute();
  const posts = await postRowsInOrder(
    db,
    rows.map((r) => ({ id: Number(r.id), created_at: r.created_at })),
  );
  return posts.map(toSearchResult);
}
