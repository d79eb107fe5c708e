import { V1_SERIES_MAX_BUCKETS } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { importFixture } from '../../test/social-fixtures.js';
import { expectV1Error, v1Account } from '../../test/v1.js';

// GET /v1/social/timeseries (from the topic rollups), /v1/social/trending and /v1/assets.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const hourStart = Math.floor(Date.now() / HOUR) * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let client: Awaited<ReturnType<typeof v1Account>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
  client = await v1Account(t.app);
  await importFixture(t.app.db, 'twitter', [
    // Two posts in the hour 3 hours back, one of them naming ETH too.
    {
      id: 's1',
      username: 'ann',
      text: '$BTC great day',
      createdAt: at(hourStart - 3 * HOUR + 60_000),
      views: 100,
      likes: 10,
      replies: 2,
      retweets: 3,
    },
    {
      id: 's2',
      username: 'ben',
      text: '$BTC and $ETH love it',
      createdAt: at(hourStart - 3 * HOUR + 120_000),
      views: 5,
      likes: 4,
      replies: 0,
      retweets: 1,
    },
    { id: 's3', username: 'ann', text: '$BTC old news', createdAt: at(hourStart - 2 * DAY), views: 1, likes: 1, replies: 0, retweets: 0 },
  ]);
  await importFixture(t.app.db, 'instagram', [
    {
      id: 's4',
      username: 'pics',
      text: 'Sunset $BTC',
      createdAt: at(hourStart - 3 * HOUR + 180_000),
      likes: 50,
      comments: 7,
      mediaType: 'image',
    },
  ]);
});

afterAll(async () => {
  await t?.close();
});

interface Bucket {
  time: string;
  mentions: number;
  sentiment: number | null;
  engagement: number;
}

describe(`GET /v1/social/timeseries (${process.env.TEST_DB})`, () => {
  it('answers every hour of [from, to) with mentions, sentiment and engagement, per platform or all', async () => {
    const from = at(hourStart - 5 * HOUR);
    const to = at(hourStart);
    const res = await client.get(`/v1/social/timeseries?symbol=bitcoin&interval=1h&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { buckets: Bucket[] } & Record<string, unknown>;
    expect(body).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', interval: '1h', platform: 'all', from, to });
    expect(body.buckets.map((b) => b.time)).toEqual([5, 4, 3, 2, 1].map((h) => at(hourStart - h * HOUR)));
    const busy = body.buckets[2]!;
    // Engagement: likes, comments, shares, replies and retweets; never views.
    expect(busy).toMatchObject({ mentions: 3, engagement: 10 + 2 + 3 + 4 + 1 + 50 + 7 });
    expect(busy.sentiment).toBeGreaterThanOrEqual(0);
    expect(busy.sentiment).toBeLessThanOrEqual(1);
    expect(body.buckets[0]).toEqual({ time: at(hourStart - 5 * HOUR), mentions: 0, sentiment: null, engagement: 0 });

    const twitter = (await client.get(`/v1/social/timeseries?symbol=BTC&from=${from}&to=${to}&platform=twitter`)).json();
    expect(twitter.platform).toBe('twitter');
    expect(twitter.buckets[2]).toMatchObject({ mentions: 2, engagement: 20 });
  });

  it('answers UTC days from the daily rollup, and defaults to the 7 days before now in hours', async () => {
    const today = Math.floor(hourStart / DAY) * DAY;
    const days = (
      await client.get(`/v1/social/timeseries?symbol=BTC&interval=1d&from=${at(today - 3 * DAY)}&to=${at(today + DAY)}`)
    ).json();
    expect(days.buckets).toHaveLength(4);
    expect(days.buckets.reduce((sum: number, b: Bucket) => sum + b.mentions, 0)).toBe(4);
    const fallback = (await client.get('/v1/social/timeseries?symbol=BTC')).json();
    expect(fallback.interval).toBe('1h');
    expect(fallback.buckets.length).toBeGreaterThanOrEqual(168);
    expect(fallback.buckets.length).toBeLessThanOrEqual(169);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['', 'symbol is required'],
      ['symbol=BTC&interval=5m', 'interval must be 1h or 1d'],
      ['symbol=BTC&from=yesterday', 'from must be unix seconds or an ISO 8601 date-time such as 2026-11-24T10:00:00Z'],
      ['symbol=BTC&from=2026-11-24T10:00:00Z&to=2026-11-24T09:00:00Z', 'from must be before to'],
      ['symbol=BTC&platform=myspace', 'platform must be one of all, twitter, instagram, facebook, linkedin'],
      ['symbol=XYZ', 'symbol XYZ is not a tracked asset'],
    ];
    for (const [query, message] of cases) expectV1Error(await client.get(`/v1/social/timeseries?${query}`), 400, 'bad_request', message);
    const tooLong = await client.get('/v1/social/timeseries?symbol=BTC&interval=1h&from=0');
    expectV1Error(
      tooLong,
      400,
      'bad_request',
      expect.stringContaining(`more than ${V1_SERIES_MAX_BUCKETS}: narrow them or use interval=1d`),
      {
        param: 'from',
      },
    );
  });
});

describe(`GET /v1/social/trending (${process.env.TEST_DB})`, () => {
  it('answers the most mentioned topics with their counts, sentiment and change', async () => {
    const res = await client.get('/v1/social/trending?period=24h');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ period: '24h', platform: 'all' });
    expect(body.topics[0]).toMatchObject({ topic: '$BTC', mentions: 3, relatedTokens: ['ETH'] });
    expect(body.topics.find((topic: { topic: string }) => topic.topic === '$ETH')).toMatchObject({ mentions: 1 });
    const week = (await client.get('/v1/social/trending?period=7d&limit=1')).json();
    expect(week.topics).toEqual([expect.objectContaining({ topic: '$BTC', mentions: 4 })]);
    expectV1Error(await client.get('/v1/social/trending?period=1y'), 400, 'bad_request', 'period must be 24h or 7d');
    expectV1Error(await client.get('/v1/social/trending?limit=0'), 400, 'bad_request', 'limit must be a whole number from 1 to 50');
  });
});

describe(`GET /v1/assets (${process.env.TEST_DB})`, () => {
  it('lists the tracked assets by rank, page after page, each once', async () => {
    const all = await t.app.db.selectFrom('assets').select('symbol').orderBy('rank').orderBy('symbol').execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await client.get(`/v1/assets?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      const body = page.json() as { data: { symbol: string; rank: number }[]; nextCursor: string | null };
      seen.push(...body.data.map((asset) => asset.symbol));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.symbol));
    const first = (await client.get('/v1/assets')).json();
    expect(first.data[0]).toEqual({ symbol: 'BTC', name: 'Bitcoin', slug: 'bitcoin', rank: 1 });
    expectV1Error(await client.get('/v1/assets?cursor=nope'), 400, 'bad_request', 'cursor must be the nextCursor of a previous page');
    expectV1Error(await client.get('/v1/assets?limit=101'), 400, 'bad_request', 'limit must be between 1 and 100');
  });

  it('is metered like the other reads', async () => {
    const before = (await client.get('/v1/usage')).json().calls as number;
    await client.get('/v1/assets?limit=1');
    await client.get('/v1/social/trending');
    await client.get('/v1/social/timeseries?symbol=BTC');
    expect((await client.get('/v1/usage')).json().calls).toBe(before + 3);
  });
});
