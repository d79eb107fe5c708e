import { findRollupDrift } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { importFixture } from '../../test/social-fixtures.js';

let t: TestApp;
let auth: Record<string, string>;
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

// Within the last 24 h: a, b (Twitter) and e (Facebook); the 24 h before: c; ten days ago: d.
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
    views: 100,
  },
  {
    id: 'b',
    username: 'ben',
    followers: 50,
    text: 'Great $BTC momentum #crypto',
    createdAt: ago(2),
    likes: 4,
    replies: 1,
    retweets: 0,
    views: 40,
  },
  {
    id: 'c',
    username: 'amy',
    followers: 100,
    text: 'Terrible $ETH day #crypto',
    createdAt: ago(30),
    likes: 1,
    replies: 6,
    retweets: 0,
    views: 10,
  },
  { id: 'd', username: 'cat', followers: 7, text: 'Steady $SOL', createdAt: ago(240), likes: 3, replies: 0, retweets: 0, views: 5 },
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

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await importFixture(t.app.db, 'twitter', twitter);
  await importFixture(t.app.db, 'facebook', facebook);
  auth = bearer((await signup(t.app)).token);
});

afterAll(async () => {
  await t?.close();
});

async function query<T>(path: string, input?: unknown): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const url = `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  const body = res.json() as { result?: { data: T } };
  return { status: res.statusCode, data: body.result?.data as T, body };
}

async function sentimentOf(...ids: string[]): Promise<number[]> {
  const rows = await t.app.db.selectFrom('posts').select(['external_id', 'sentiment']).where('external_id', 'in', ids).execute();
  return ids.map((id) => rows.find((r) => r.external_id === id)!.sentiment);
}
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe(`social analytics over tRPC (${process.env.TEST_DB})`, () => {
  it('the rollups written at import match a direct aggregate of the posts', async () => {
    expect(await findRollupDrift(t.app.db)).toEqual([]);
  });

  it('summaries: posts, engagement, mean sentiment, followers and 24 h change per platform', async () => {
    const { data } = await query<{ period: string; platforms: Record<string, number | string>[] }>('social.summaries', { period: '7d' });
    expect(data.period).toBe('7d');
    expect(data.platforms.map((p) => p.platform)).toEqual(['twitter', 'instagram', 'facebook', 'linkedin']);
    const [tw, ig, fb] = data.platforms;
    expect(tw).toMatchObject({ platform: 'twitter', mentions: 3, engagement: 10 + 2 + 1 + 4 + 1 + 1 + 6, followers: 157, change24h: 100 });
    expect(tw!.sentiment).toBeCloseTo(mean(await sentimentOf('a', 'b', 'c')), 3);
    expect(ig).toEqual({ platform: 'instagram', followers: 0, engagement: 0, sentiment: 0.5, mentions: 0, change24h: 0 });
    expect(fb).toMatchObject({ mentions: 1, engagement: 9, followers: 1000, change24h: 100 });
  });

  it('summaries follow the period: 24h and 30d count different posts', async () => {
    const day = await query<{ platforms: { mentions: number }[] }>('social.summaries', { period: '24h' });
    expect(day.data.platforms[0]!.mentions).toBe(2);
    const month = await query<{ platforms: { mentions: number }[] }>('social.summaries', { period: '30d' });
    expect(month.data.platforms[0]!.mentions).toBe(4);
  });

  it('trending topics: mentions, sentiment, 24 h change and the coins named alongside', async () => {
    const { data } = await query<{ topics: Record<string, unknown>[] }>('social.trending', { period: '7d' });
    expect(data.topics.map((x) => [x.topic, x.mentions, x.change24h, x.relatedTokens])).toEqual([
      ['#crypto', 3, 100, ['BTC', 'ETH']],
      ['$BTC', 3, 100, ['ETH']],
      ['$ETH', 2, 0, ['BTC']],
      ['#bitcoin', 1, 100, ['BTC']],
    ]);
    expect(data.topics[0]!.id).toBe('#crypto');
    expect(data.topics[0]!.sentiment as number).toBeCloseTo(mean(await sentimentOf('b', 'c', 'e')), 3);
  });

  it('trending topics by platform, over a longer period, and capped', async () => {
    const tw = await query<{ topics: { topic: string; mentions: number }[] }>('social.trending', { period: '7d', platform: 'twitter' });
    expect(tw.data.topics.map((x) => [x.topic, x.mentions])).toEqual([
      ['#crypto', 2],
      ['$BTC', 2],
      ['#bitcoin', 1],
      ['$ETH', 1],
    ]);
    const month = await query<{ topics: { topic: string }[] }>('social.trending', { period: '30d', limit: 10 });
    expect(month.data.topics.map((x) => x.topic)).toContain('$SOL');
    const top = await query<{ topics: unknown[] }>('social.trending', { period: '30d', limit: 2 });
    expect(top.data.topics).toHaveLength(2);
  });

  it('timeline: hourly buckets for 24h, daily otherwise, every bucket present', async () => {
    const hourly = await query<{
      granularity: string;
      buckets: string[];
      partial: boolean;
      asOf: string;
      series: { platform: string; mentions: number[]; sentiment: (number | null)[] }[];
    }>('social.timeline', { period: '24h' });
    expect(hourly.data.granularity).toBe('hour');
    expect(hourly.data.buckets).toHaveLength(24);
    // The last bucket is the hour in progress, marked so that charts do not read it as a drop.
    expect(hourly.data.partial).toBe(true);
    const lastStart = Date.parse(hourly.data.buckets.at(-1)!);
    expect(Date.parse(hourly.data.asOf)).toBeGreaterThanOrEqual(lastStart);
    expect(Date.parse(hourly.data.asOf)).toBeLessThan(lastStart + HOUR);
    const tw = hourly.data.series.find((s) => s.platform === 'twitter')!;
    expect(tw.mentions.reduce((s, n) => s + n, 0)).toBe(2);
    expect(tw.sentiment.filter((v) => v !== null)).toHaveLength(2);

    const daily = await query<{ granularity: string; buckets: string[]; series: { platform: string; mentions: number[] }[] }>(
      'social.timeline',
      {
        period: '30d',
        platform: 'twitter',
      },
    );
    expect(daily.data.granularity).toBe('day');
    expect(daily.data.series.map((s) => s.platform)).toEqual(['twitter']);
    expect(daily.data.series[0]!.mentions.reduce((s, n) => s + n, 0)).toBe(4);
    const starts = daily.data.buckets.map((b) => Date.parse(b));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(24 * HOUR);
  });

  it('quick stats: all-time totals of posts, likes, comments and shares', async () => {
    const { data } = await query('social.quickStats');
    expect(data).toEqual({ posts: 5, likes: 10 + 4 + 1 + 3 + 5, comments: 3, shares: 1 });
  });

  it('refuses anonymous callers on both surfaces', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/trpc/social.quickStats' });
    expect(anonymous.statusCode).toBe(401);
    const rest = await t.app.inject({ method: 'GET', url: '/api/social/twitter' });
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({ error: 'Please sign in to continue.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/social/search' })).statusCode).toBe(401);
  });

  it('list and search answer what the REST paths answer', async () => {
    const trpc = await query('social.list.twitter', { sortBy: 'likes', limit: 2 });
    const rest = await t.app.inject({ method: 'GET', url: '/api/social/twitter?sortBy=likes&limit=2', headers: auth });
    expect(trpc.data).toEqual(rest.json());
    const search = await query('social.search', { q: '$ETH' });
    const restSearch = await t.app.inject({ method: 'GET', url: '/api/social/search?q=%24ETH', headers: auth });
    expect(search.data).toEqual(restSearch.json());
  });

  it('bad input is a 400 in tRPC’s error format, with the message naming the parameter', async () => {
    const res = await query('social.list.twitter', { limit: 500 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('limit must be between 1 and 100');
    expect((await query('social.trending', { period: '1y' })).status).toBe(400);
  });
});
