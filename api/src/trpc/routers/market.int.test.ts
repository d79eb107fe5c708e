import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketAssetDetail, MarketHistory, MarketOverview, MarketSparklines } from '@coinsight/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signup } from '../../test/auth.js';
import { importFixture } from '../../test/social-fixtures.js';

let t: TestApp;
let auth: Record<string, string>;
const HOUR = 3_600_000;
// Ticks are written relative to the real clock: the overview reads "now".
const now = Date.now();
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await seedAssets(t.app.db);
  const tick = (asset: string, hoursAgo: number, price: number, market_cap: number) => ({
    asset,
    time: at(hoursAgo),
    price,
    volume_24h: price * 1_000,
    market_cap,
  });
  await t.app.db
    .insertInto('price_ticks')
    .values([
      tick('BTC', 24.1, 80_000, 1_600e9),
      tick('BTC', 0.01, 100_000, 2_000e9),
      tick('ETH', 24.2, 4_000, 480e9),
      tick('ETH', 0.02, 3_000, 360e9),
      tick('USDT', 0.01, 1, 140e9),
    ])
    .execute();
  await importFixture(t.app.db, 'twitter', [
    {
      id: 'a',
      username: 'amy',
      followers: 100,
      text: 'Love this $BTC breakout, great gains',
      createdAt: at(1).toISOString(),
      likes: 1,
      replies: 0,
      retweets: 0,
      views: 1,
    },
    {
      id: 'b',
      username: 'ben',
      followers: 50,
      text: 'Terrible $BTC dump, awful losses',
      createdAt: at(2).toISOString(),
      likes: 1,
      replies: 0,
      retweets: 0,
      views: 1,
    },
    {
      id: 'c',
      username: 'cat',
      followers: 5,
      text: 'Old $BTC news',
      createdAt: at(30).toISOString(),
      likes: 1,
      replies: 0,
      retweets: 0,
      views: 1,
    },
  ]);
  auth = bearer((await signup(t.app)).token);
});

afterAll(async () => {
  await t?.close();
});

async function query<T>(path: string, input?: unknown, headers: Record<string, string> = auth) {
  const url = `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const res = await t.app.inject({ method: 'GET', url, headers });
  const body = res.json() as { result?: { data: T }; error?: { message: string; data: { httpStatus: number } } };
  return { status: res.statusCode, data: body.result?.data as T, error: body.error };
}

describe(`market over tRPC (${process.env.TEST_DB})`, () => {
  it('overview (public): prices, 24 h change, caps, rank, BTC dominance over the tracked assets, mentions and sentiment', async () => {
    const { status, data } = await query<MarketOverview>('market.overview', undefined, {});
    expect(status).toBe(200);
    const total = 2_000e9 + 360e9 + 140e9;
    expect(data.totalMarketCap).toBe(total);
    expect(data.btcDominance).toEqual({
      value: Math.round((2_000e9 / total) * 10_000) / 100,
      basis: 'tracked-assets',
      label: expect.stringContaining('40 tracked assets'),
    });
    expect(data.btcDominance.value).toBe(80);
    expect(data.trackedAssets).toBe(40);
    expect(data.asOf).toBe(at(0.01).toISOString());

    const [btc, eth, usdt, unpriced] = data.assets;
    expect(btc).toMatchObject({
      symbol: 'BTC',
      rank: 1,
      price: 100_000,
      change24h: 25,
      volume24h: 100_000_000,
      marketCap: 2_000e9,
      asOf: at(0.01).toISOString(),
    });
    expect(eth).toMatchObject({ symbol: 'ETH', rank: 2, price: 3_000, change24h: -25, marketCap: 360e9 });
    // No tick 24 hours ago: no change rather than a made-up one.
    expect(usdt).toMatchObject({ symbol: 'USDT', rank: 3, price: 1, change24h: null });
    expect(unpriced).toMatchObject({ rank: 4, price: null, marketCap: null, asOf: null });

    // Two posts in 24 hours (the one from 30 hours ago is outside), one glad and one gloomy.
    const posts = await t.app.db.selectFrom('posts').select(['external_id', 'sentiment']).where('external_id', 'in', ['a', 'b']).execute();
    expect(btc).toMatchObject({ mentions24h: 2, sentimentPosts: 2 });
    expect(btc!.sentiment).toBeCloseTo((posts[0]!.sentiment + posts[1]!.sentiment) / 2, 3);
    expect(eth).toMatchObject({ mentions24h: 0, sentiment: null, sentimentPosts: 0 });
  });

  it('history (public): stored candles of one interval in [from, to), oldest first', async () => {
    const candle = (interval: '1h' | '1d', iso: string, close: number) => ({
      asset: 'ETH',
      interval,
      open_time: new Date(iso),
      open: 1,
      high: close + 1,
      low: 0.5,
      close,
      volume: 10,
    });
    await t.app.db
      .insertInto('candles')
      .values([
        candle('1h', '2026-11-01T00:00:00Z', 2),
        candle('1h', '2026-11-01T01:00:00Z', 3),
        candle('1h', '2026-11-01T02:00:00Z', 4),
        candle('1d', '2026-11-01T00:00:00Z', 9),
      ])
      .execute();
    const { status, data } = await query<MarketHistory>('market.history', {
      symbol: 'eth',
      interval: '1h',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-01T02:00:00Z',
    });
    expect(status).toBe(200);
    expect(data).toEqual({
      symbol: 'ETH',
      interval: '1h',
      candles: [
        { time: '2026-11-01T00:00:00.000Z', open: 1, high: 3, low: 0.5, close: 2, volume: 10 },
        { time: '2026-11-01T01:00:00.000Z', open: 1, high: 4, low: 0.5, close: 3, volume: 10 },
      ],
    });
  });

  it('history answers anyone, one chart at a time, and refuses unknown symbols and bad input, naming the field', async () => {
    // Public, bounded to one chart's worth of candles per call.
    expect((await query('market.history', { symbol: 'BTC', interval: '1h' }, {})).status).toBe(200);
    const unknown = await query('market.history', { symbol: 'NOPE', interval: '1h' });
    expect([unknown.status, unknown.error?.message]).toEqual([400, 'symbol NOPE is not a tracked asset']);
    const interval = await query('market.history', { symbol: 'BTC', interval: '5m' });
    expect([interval.status, interval.error?.message]).toEqual([400, 'interval must be one of 1m, 1h, 1d']);
    const span = await query('market.history', { symbol: 'BTC', interval: '1m', from: '2026-01-01T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(span.status).toBe(400);
    expect(span.error?.message).toMatch(/^from and to span more than 2000 candles/);
    const order = await query('market.history', {
      symbol: 'BTC',
      interval: '1h',
      from: '2026-11-02T00:00:00Z',
      to: '2026-11-01T00:00:00Z',
    });
    expect([order.status, order.error?.message]).toEqual([400, 'from must be before to']);
  });

  it('sparklines (public): every asset’s hourly closes over 7 days, oldest first, in one answer', async () => {
    const hour = Math.floor(now / HOUR) * HOUR;
    const candle = (asset: string, hoursAgo: number, close: number) => ({
      asset,
      interval: '1h' as const,
      open_time: new Date(hour - hoursAgo * HOUR),
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    });
    await t.app.db
      .insertInto('candles')
      .values([candle('SOL', 2, 150), candle('SOL', 1, 151), candle('SOL', 0, 152.5), candle('SOL', 200, 99), candle('DOGE', 5, 0.3)])
      .execute();
    const { status, data } = await query<MarketSparklines>('market.sparklines', undefined, {});
    expect(status).toBe(200);
    expect(data.interval).toBe('1h');
    expect(new Date(data.to).getTime() - new Date(data.from).getTime()).toBe(7 * 24 * HOUR);
    // The candle 200 hours ago is outside the week.
    expect(data.series.find((s) => s.symbol === 'SOL')).toEqual({ symbol: 'SOL', closes: [150, 151, 152.5] });
    expect(data.series.find((s) => s.symbol === 'DOGE')).toEqual({ symbol: 'DOGE', closes: [0.3] });
  });

  it('asset (public): the overview figures and mentions with sentiment over the chart span; unknown is a 404', async () => {
    const minute = await query<MarketAssetDetail>('market.asset', { symbol: 'btc', interval: '1m' }, {});
    expect(minute.status).toBe(200);
    expect(minute.data.asset).toMatchObject({ symbol: 'BTC', rank: 1, price: 100_000, change24h: 25 });
    expect(new Date(minute.data.to).getTime() - new Date(minute.data.from).getTime()).toBe(24 * HOUR);
    // Over a day: the two posts of the last hours, in hourly buckets; the one 30 hours ago is outside.
    expect(minute.data.social).toMatchObject({ bucket: 'hour', mentions: 2, sentimentPosts: 2 });
    expect(minute.data.social.points.map((p) => p.mentions).reduce((a, b) => a + b, 0)).toBe(2);
    expect(minute.data.social.sentiment).toEqual(expect.any(Number));

    const daily = await query<MarketAssetDetail>('market.asset', { symbol: 'BTC', interval: '1d' }, {});
    expect(daily.status).toBe(200);
    // Over a year, by UTC day: all three posts.
    expect(daily.data.social).toMatchObject({ bucket: 'day', mentions: 3, sentimentPosts: 3 });
    for (const point of daily.data.social.points) expect(point.time).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);

    const unknown = await query('market.asset', { symbol: 'NOPE', interval: '1h' }, {});
    expect([unknown.status, unknown.error?.message]).toEqual([404, 'NOPE is not a tracked asset']);
    const bad = await query('market.asset', { symbol: 'BTC', interval: '2h' }, {});
    expect([bad.status, bad.error?.message]).toEqual([400, 'interval must be one of 1m, 1h, 1d']);
  });
});
