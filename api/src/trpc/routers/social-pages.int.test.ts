import type { CreatorOverview, TopicOverview } from '@coinsight/contracts';
import { findRollupDrift, importPosts, type SourceRecord } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { daysAgo, importFixture } from '../../test/social-fixtures.js';

// The topic and creator pages' reads (social.topic, social.creator): from the rollups of the
// shared dataset; another account's private posts about the same coin, by the same handle, never show.

let t: TestApp;
let auth: Record<string, string>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/**
 * A daily chart over `days` ends with today's UTC day and steps one day at a time. Its window ends
 * at the next whole hour, so in a day's last hour it starts on a midnight and holds `days` buckets;
 * at any other hour it starts inside a day and holds `days + 1`.
 */
function expectDailyBuckets(buckets: readonly string[], days: number, asked: { before: number; after: number }) {
  expect(buckets.length).toBeGreaterThanOrEqual(days);
  expect(buckets.length).toBeLessThanOrEqual(days + 1);
  const times = buckets.map((b) => Date.parse(b));
  times.slice(1).forEach((t, i) => expect(t - times[i]!).toBe(DAY));
  const today = (at: number) => Math.floor(at / DAY) * DAY;
  expect([today(asked.before), today(asked.after)]).toContain(times.at(-1));
}

const twitter = [
  {
    id: 'a',
    username: 'amy',
    followers: 100,
    text: 'Love this $BTC breakout #bitcoin',
    createdAt: ago(1),
    likes: 10,
    replies: 2,
    retweets: 1,
  },
  { id: 'b', username: 'ben', followers: 50, text: 'Great $BTC momentum #crypto', createdAt: ago(2), likes: 40, replies: 1 },
  { id: 'c', username: 'amy', followers: 100, text: 'Terrible $ETH day #crypto', createdAt: ago(30), likes: 1, replies: 6 },
  { id: 'd', username: 'Amy', followers: 120, text: 'Steady $BTC and $SOL #crypto', createdAt: daysAgo(10), likes: 3 },
];
const facebook = [
  {
    id: 'e',
    username: 'fran',
    followers: 1000,
    text: 'Both $BTC and $ETH are moving #crypto',
    createdAt: ago(3),
    likes: 5,
    comments: 3,
    shares: 1,
  },
];

async function* records(list: readonly Record<string, unknown>[]): AsyncGenerator<SourceRecord> {
  let line = 0;
  for (const record of list) yield { line: ++line, record };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await importFixture(t.app.db, 'twitter', twitter);
  await importFixture(t.app.db, 'facebook', facebook);
  auth = bearer((await signup(t.app)).token);
  // Another account's own posts: the same coin, the same handle, far more engagement.
  const other = await signup(t.app);
  const report = await importPosts(
    t.app.db,
    records(
      Array.from({ length: 30 }, (_, i) => ({
        id: `private-${i}`,
        username: 'amy',
        text: `Private $BTC take ${i} #secretalpha`,
        createdAt: ago(1 + i / 10),
        likes: 10_000,
      })),
    ),
    { platform: 'twitter', owner: other.user.id },
  );
  expect(report.inserted).toBe(30);
});

afterAll(async () => {
  await t?.close();
});

async function query<T>(path: string, input: unknown, headers = auth) {
  const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const body = res.json() as { result?: { data: T } };
  return { status: res.statusCode, data: body.result?.data as T, text: res.body };
}

describe(`topic and creator pages over tRPC (${process.env.TEST_DB})`, () => {
  it('keeps the per-author rollups in step with the posts', async () => {
    expect(await findRollupDrift(t.app.db)).toEqual([]);
  });

  it('a coin topic: mentions per bucket and platform, 24 h change, related coins, top creators and top posts', async () => {
    const { status, data } = await query<TopicOverview>('social.topic', { topic: '$btc', period: '24h' });
    expect(status).toBe(200);
    expect(data).toMatchObject({ topic: '$BTC', kind: 'coin', period: '24h', mentions: 3, asset: { symbol: 'BTC', name: 'Bitcoin' } });
    expect(data.change24h).toBe(100);
    expect(data.timeline.granularity).toBe('hour');
    expect(data.timeline.buckets).toHaveLength(data.timeline.mentions.length);
    expect(data.timeline.mentions.reduce((a, b) => a + b, 0)).toBe(3);
    expect(data.platforms.map((p) => [p.platform, p.mentions])).toEqual([
      ['twitter', 2],
      ['instagram', 0],
      ['facebook', 1],
      ['linkedin', 0],
    ]);
    expect(data.relatedTokens).toEqual(['ETH']);
    // Top creators count every post they wrote, whichever period: amy's two $BTC posts (one ten days old) lead.
    expect(data.topCreators.map((c) => [c.platform, c.username, c.mentions])).toEqual([
      ['twitter', 'Amy', 2],
      ['twitter', 'ben', 1],
      ['facebook', 'fran', 1],
    ]);
    // The period's posts, most engaged first; none of the private ones.
    expect(data.topPosts.map((p) => p.text)).toEqual([
      'Great $BTC momentum #crypto',
      'Love this $BTC breakout #bitcoin',
      'Both $BTC and $ETH are moving #crypto',
    ]);
  });

  it('a hashtag topic over days, and a topic nobody names', async () => {
    const crypto = await query<TopicOverview>('social.topic', { topic: '#Crypto', period: '30d' });
    expect(crypto.data).toMatchObject({ topic: '#crypto', kind: 'hashtag', asset: null, mentions: 4 });
    expect(crypto.data.timeline.granularity).toBe('day');
    expect(crypto.data.timeline.mentions.reduce((a, b) => a + b, 0)).toBe(4);
    const secret = await query<TopicOverview>('social.topic', { topic: '#secretalpha', period: '7d' });
    expect(secret.status).toBe(200);
    expect(secret.data).toMatchObject({ mentions: 0, topCreators: [], topPosts: [] });
  });

  it('a creator: posts, engagement and sentiment per day, the topics they name, their newest posts', async () => {
    const before = Date.now();
    const { status, data } = await query<CreatorOverview>('social.creator', { platform: 'twitter', handle: '@AMY' });
    expect(status).toBe(200);
    expect(data).toMatchObject({ platform: 'twitter', username: 'Amy', followers: 120, period: '30d', posts: 3 });
    expect(data.engagement).toBe(10 + 2 + 1 + 1 + 6 + 3);
    expect(data.timeline.posts.reduce((a, b) => a + b, 0)).toBe(3);
    expectDailyBuckets(data.timeline.buckets, 30, { before, after: Date.now() });
    expect(data.topics.slice(0, 2)).toEqual([
      { topic: '#crypto', mentions: 2, sentiment: expect.any(Number) },
      { topic: '$BTC', mentions: 2, sentiment: expect.any(Number) },
    ]);
    expect(data.topics.map((x) => x.topic)).not.toContain('#secretalpha');
    expect(data.recentPosts.map((p) => p.text)).toEqual([
      'Love this $BTC breakout #bitcoin',
      'Terrible $ETH day #crypto',
      'Steady $BTC and $SOL #crypto',
    ]);
    const weekAsked = Date.now();
    const week = await query<CreatorOverview>('social.creator', { platform: 'twitter', handle: 'amy', period: '7d' });
    expect(week.data.posts).toBe(2);
    expectDailyBuckets(week.data.timeline.buckets, 7, { before: weekAsked, after: Date.now() });
  });

  it('a handle with only private posts, or another platform, is not a creator: 404 naming the handle', async () => {
    const res = await query('social.creator', { platform: 'facebook', handle: 'amy' });
    expect(res.status).toBe(404);
    expect(res.text).toContain('No Facebook creator named amy has posts here');
  });

  it('refuses anonymous callers and bad input with messages naming the parameter', async () => {
    expect((await query('social.topic', { topic: '$BTC' }, {})).status).toBe(401);
    expect((await query('social.creator', { platform: 'twitter', handle: 'amy' }, {})).status).toBe(401);
    const badTopic = await query('social.topic', { topic: 'BTC' });
    expect(badTopic.status).toBe(400);
    expect(badTopic.text).toContain('topic must be a coin such as $BTC or a hashtag such as #defi');
    expect((await query('social.creator', { platform: 'myspace', handle: 'amy' })).status).toBe(400);
    const badPeriod = await query('social.creator', { platform: 'twitter', handle: 'amy', period: '24h' });
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.text).toContain('period must be one of 7d, 30d, 90d');
  });
});
