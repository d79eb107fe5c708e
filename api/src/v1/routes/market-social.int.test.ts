import { DEFAULT_HISTORY_SPAN_MS, MAX_HISTORY_CANDLES, SOCIAL_PLATFORMS, sentimentLabel } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_CACHE_TTL_MS } from '../../services/read-cache.js';
import { mentionSummaries } from '../../services/social/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { importFixture } from '../../test/social-fixtures.js';
import { expectV1Error, v1Account } from '../../test/v1.js';

// GET /v1/crypto/history, /v1/social/mentions and /v1/market/sentiment, and the asset
// resolver they share, called with a key made by the keys service.

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

let t: TestApp;
let client: Awaited<ReturnType<typeof v1Account>>;
const hourStart = Math.floor(Date.now() / HOUR) * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
  client = await v1Account(t.app);
  await importFixture(t.app.db, 'twitter', [
    {
      id: 'v1t1',
      username: 'ann',
      text: '$BTC breaking out, great day',
      createdAt: ago(30 * 60_000),
      views: 1,
      likes: 10,
      replies: 0,
      retweets: 0,
    },
    {
      id: 'v1t2',
      username: 'ben',
      text: '$BTC and $ETH, love this market',
      createdAt: ago(3 * HOUR),
      views: 1,
      likes: 20,
      replies: 0,
      retweets: 0,
    },
    { id: 'v1t3', username: 'ann', text: '$BTC old news', createdAt: ago(3 * 24 * HOUR), views: 1, likes: 5, replies: 0, retweets: 0 },
  ]);
  await importFixture(t.app.db, 'instagram', [
    { id: 'v1i1', username: 'pics', text: 'Sunset $BTC', createdAt: ago(2 * HOUR), likes: 50, comments: 1, mediaType: 'image' },
    { id: 'v1i2', username: 'pics', text: '$ETH staking', createdAt: ago(10 * 24 * HOUR), likes: 5, comments: 1, mediaType: 'image' },
  ]);
  await importFixture(t.app.db, 'facebook', [
    {
      id: 'v1f1',
      username: 'grp',
      text: 'Awful week for $ETH, terrible losses',
      createdAt: ago(5 * HOUR),
      likes: 1,
      comments: 1,
      shares: 0,
    },
  ]);
  // Hourly BTC candles for the last 10 hours.
  await t.app.db
    .insertInto('candles')
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        asset: 'BTC',
        interval: '1h' as const,
        open_time: new Date(hourStart - (10 - i) * HOUR),
        open: 100 + i,
        high: 110 + i,
        low: 90 + i,
        close: 105 + i,
        volume: 1000 + i,
      })),
    )
    .execute();
});

afterAll(async () => {
  await t?.close();
});

/** The stored sentiment of posts by their external ids, to check means against. */
async function meanOf(ids: string[]) {
  const rows = await t.app.db.selectFrom('posts').select('sentiment').where('external_id', 'in', ids).execute();
  expect(rows).toHaveLength(ids.length);
  return Math.round((rows.reduce((s, r) => s + r.sentiment, 0) / rows.length) * 10_000) / 10_000;
}

describe(`GET /v1/crypto/history (${process.env.TEST_DB})`, () => {
  it('answers candles in [from, to) for a ticker, name or id, from unix seconds or ISO times', async () => {
    const from = Math.floor((hourStart - 5 * HOUR) / 1000);
    const to = new Date(hourStart - HOUR).toISOString();
    for (const symbol of ['BTC', 'btc', 'Bitcoin', 'bitcoin']) {
      const res = await client.get(`/v1/crypto/history?symbol=${symbol}&interval=1h&from=${from}&to=${to}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', interval: '1h', from: new Date(from * 1000).toISOString(), to });
      expect(body.candles.map((c: { time: string }) => c.time)).toEqual(
        [5, 4, 3, 2].map((h) => new Date(hourStart - h * HOUR).toISOString()),
      );
      expect(body.candles[0]).toEqual({
        time: new Date(hourStart - 5 * HOUR).toISOString(),
        open: 105,
        high: 115,
        low: 95,
        close: 110,
        volume: 1005,
      });
      expect(Date.parse(body.asOf)).toBeGreaterThan(0);
    }
  });

  it('defaults to hourly candles over the last 30 days, as the asset chart', async () => {
    const res = await client.get('/v1/crypto/history?symbol=BTC');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.interval).toBe('1h');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(DEFAULT_HISTORY_SPAN_MS['1h']);
    expect(body.candles).toHaveLength(10);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['', 'symbol is required'],
      ['symbol=BTC&interval=5m', 'interval must be one of 1m, 1h, 1d'],
      ['symbol=BTC&from=yesterday', 'from must be unix seconds or an ISO 8601 date-time such as 2026-11-24T10:00:00Z'],
      ['symbol=BTC&from=2026-11-24T10:00:00Z&to=2026-11-24T09:00:00Z', 'from must be before to'],
      [
        'symbol=BTC&interval=1m&from=0',
        `from and to span more than ${MAX_HISTORY_CANDLES} candles of 1m: narrow them or choose a longer interval`,
      ],
      ['symbol=BTC&limit=5', 'unknown parameter: limit'],
      ['symbol=XYZ', 'symbol XYZ is not a tracked asset'],
      ['symbol=%24BTC', 'symbol must be a ticker, name or id such as BTC, Bitcoin or bitcoin'],
    ];
    for (const [query, message] of cases) expectV1Error(await client.get(`/v1/crypto/history?${query}`), 400, 'bad_request', message);
  });

  it('answers 409 with the candidates for a name that fits several assets', async () => {
    expectV1Error(await client.get('/v1/crypto/history?symbol=ether'), 409, 'conflict', undefined, {
      candidates: [
        { symbol: 'ETH', name: 'Ethereum' },
        { symbol: 'ETC', name: 'Ethereum Classic' },
      ],
    });
    expectV1Error(
      await client.get('/v1/crypto/history?symbol=bit'),
      409,
      'conflict',
      'symbol bit is ambiguous: it matches BTC (Bitcoin), BCH (Bitcoin Cash); send one of their symbols',
      {
        candidates: [
          { symbol: 'BTC', name: 'Bitcoin' },
          { symbol: 'BCH', name: 'Bitcoin Cash' },
        ],
      },
    );
    // An exact name or id wins over the prefixes it shares; a unique prefix resolves.
    for (const [input, symbol] of [
      ['Ethereum', 'ETH'],
      ['bitcoin-cash', 'BCH'],
      ['Bitcoin Cash', 'BCH'],
      ['solan', 'SOL'],
      ['usd-coin', 'USDC'],
    ]) {
      const res = await client.get(`/v1/crypto/history?symbol=${encodeURIComponent(input ?? '')}`);
      expect({ input, status: res.statusCode, symbol: res.json().symbol }).toEqual({ input, status: 200, symbol });
    }
  });

  it('needs a key', async () => {
    expectV1Error(await t.app.inject({ method: 'GET', url: '/v1/crypto/history?symbol=BTC' }), 401, 'unauthorized');
  });
});

describe(`GET /v1/social/mentions (${process.env.TEST_DB})`, () => {
  it('counts posts naming the coin per platform over the last 24 hours by default, with their mean sentiment', async () => {
    const res = await client.get('/v1/social/mentions?symbol=btc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', timeframe: '24h' });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(24 * HOUR);
    expect(body.asOf).toBe(body.to);
    expect(body.platforms).toEqual([
      { platform: 'twitter', mentions: 2, sentiment: await meanOf(['v1t1', 'v1t2']), sentimentPosts: 2 },
      { platform: 'instagram', mentions: 1, sentiment: await meanOf(['v1i1']), sentimentPosts: 1 },
      { platform: 'facebook', mentions: 0, sentiment: null, sentimentPosts: 0 },
      { platform: 'linkedin', mentions: 0, sentiment: null, sentimentPosts: 0 },
    ]);
    expect(body.total).toEqual({ mentions: 3, sentiment: await meanOf(['v1t1', 'v1t2', 'v1i1']), sentimentPosts: 3 });
  });

  it('takes a platform and a timeframe; the last hour is the last 60 minutes', async () => {
    const hour = (await client.get('/v1/social/mentions?symbol=BTC&platform=twitter&timeframe=1h')).json();
    expect(hour.platforms).toEqual([{ platform: 'twitter', mentions: 1, sentiment: await meanOf(['v1t1']), sentimentPosts: 1 }]);
    expect(hour.total.mentions).toBe(1);
    const week = (await client.get('/v1/social/mentions?symbol=BTC&platform=twitter&timeframe=7d')).json();
    expect(week.platforms[0].mentions).toBe(3);
    const month = (await client.get('/v1/social/mentions?symbol=ETH&timeframe=30d&platform=all')).json();
    expect(month.platforms.map((p: { mentions: number }) => p.mentions)).toEqual([1, 1, 1, 0]);
  });

  it('refuses bad parameters', async () => {
    expectV1Error(await client.get('/v1/social/mentions'), 400, 'bad_request', 'symbol is required');
    expectV1Error(
      await client.get('/v1/social/mentions?symbol=BTC&timeframe=90d'),
      400,
      'bad_request',
      'timeframe must be one of 1h, 24h, 7d, 30d',
    );
    expectV1Error(
      await client.get('/v1/social/mentions?symbol=BTC&platform=news'),
      400,
      'bad_request',
      `platform must be one of all, ${SOCIAL_PLATFORMS.join(', ')}`,
    );
    expectV1Error(await client.get('/v1/social/mentions?symbol=NOPE'), 400, 'bad_request', 'symbol NOPE is not a tracked asset');
    expectV1Error(await client.get('/v1/social/mentions?symbol=dog'), 409, 'conflict', undefined, {
      candidates: [
        { symbol: 'DOGE', name: 'Dogecoin' },
        { symbol: 'WIF', name: 'dogwifhat' },
      ],
    });
  });
});

describe(`GET /v1/market/sentiment (${process.env.TEST_DB})`, () => {
  it('answers each coin’s 24-hour score, label and posts per source, over all four platforms by default', async () => {
    const res = await client.get('/v1/market/sentiment?symbols=BTC,ethereum');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sources).toEqual(['twitter', 'instagram', 'facebook', 'linkedin']);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(24 * HOUR);
    const btcScore = await meanOf(['v1t1', 'v1t2', 'v1i1']);
    const ethScore = await meanOf(['v1t2', 'v1f1']);
    expect(body.symbols).toEqual([
      {
        symbol: 'BTC',
        name: 'Bitcoin',
        score: btcScore,
        label: sentimentLabel(btcScore),
        posts: 3,
        sources: [
          { source: 'twitter', posts: 2, score: await meanOf(['v1t1', 'v1t2']) },
          { source: 'instagram', posts: 1, score: await meanOf(['v1i1']) },
          { source: 'facebook', posts: 0, score: null },
          { source: 'linkedin', posts: 0, score: null },
        ],
      },
      {
        symbol: 'ETH',
        name: 'Ethereum',
        score: ethScore,
        label: sentimentLabel(ethScore),
        posts: 2,
        sources: [
          { source: 'twitter', posts: 1, score: await meanOf(['v1t2']) },
          { source: 'instagram', posts: 0, score: null },
          { source: 'facebook', posts: 1, score: await meanOf(['v1f1']) },
          { source: 'linkedin', posts: 0, score: null },
        ],
      },
    ]);
  });

  it('narrows to the sources named, and says null without posts', async () => {
    const body = (await client.get('/v1/market/sentiment?symbols=btc,DOT&sources=Instagram,linkedin')).json();
    expect(body.sources).toEqual(['instagram', 'linkedin']);
    expect(body.symbols[0]).toMatchObject({ symbol: 'BTC', posts: 1, score: await meanOf(['v1i1']) });
    expect(body.symbols[1]).toMatchObject({ symbol: 'DOT', posts: 0, score: null, label: null });
  });

  it('refuses news and any other unknown source, naming the sources that exist', async () => {
    const message = 'sources: news is not a source; available sources are twitter, instagram, facebook, linkedin';
    expectV1Error(await client.get('/v1/market/sentiment?symbols=BTC&sources=twitter,instagram,news'), 400, 'bad_request', message);
    expectV1Error(
      await client.get('/v1/market/sentiment?symbols=BTC&sources=reddit'),
      400,
      'bad_request',
      'sources: reddit is not a source; available sources are twitter, instagram, facebook, linkedin',
    );
  });

  it('refuses missing, unknown and ambiguous symbols', async () => {
    expectV1Error(await client.get('/v1/market/sentiment'), 400, 'bad_request', 'symbols is required, e.g. symbols=BTC,ETH');
    expectV1Error(await client.get('/v1/market/sentiment?symbols=,'), 400, 'bad_request', 'symbols is required, e.g. symbols=BTC,ETH');
    expectV1Error(await client.get('/v1/market/sentiment?symbols=BTC,XYZ'), 400, 'bad_request', 'symbols: XYZ is not a tracked asset');
    expectV1Error(await client.get('/v1/market/sentiment?symbols=BTC,ether'), 409, 'conflict', undefined, {
      candidates: [
        { symbol: 'ETH', name: 'Ethereum' },
        { symbol: 'ETC', name: 'Ethereum Classic' },
      ],
    });
  });
});

describe(`mentions and sentiment answered from the read cache (${process.env.TEST_DB})`, () => {
  it('folds every sentiment call from one window: the same answer as reading those coins and sources for it', async () => {
    const asks = ['BTC,ethereum', 'DOT,BTC&sources=instagram,linkedin', 'ETH&sources=facebook', 'SOL,ETH,BTC'];
    const bodies = await Promise.all(asks.map(async (ask) => (await client.get(`/v1/market/sentiment?symbols=${ask}`)).json()));
    for (const body of bodies) {
      const symbols = body.symbols.map((s: { symbol: string }) => s.symbol);
      const direct = await mentionSummaries(t.app.deps, {
        symbols,
        platforms: body.sources,
        from: new Date(body.from),
        to: new Date(body.to),
      });
      expect(body.symbols).toEqual(
        direct.map((d, i) => ({
          symbol: d.symbol,
          name: body.symbols[i].name,
          score: d.total.sentiment,
          label: d.total.sentiment === null ? null : sentimentLabel(d.total.sentiment),
          posts: d.total.mentions,
          sources: d.platforms.map((p) => ({ source: p.platform, posts: p.mentions, score: p.sentiment })),
        })),
      );
    }
  });

  it('shows a new post once the answer before it has expired, each answer dated by its window', async () => {
    const ask = '/v1/social/mentions?symbol=BTC&platform=linkedin&timeframe=1h';
    const before = (await client.get(ask)).json();
    expect(before.total.mentions).toBe(0);
    const imported = Date.now();
    await importFixture(t.app.db, 'linkedin', [
      { id: 'v1l-new', username: 'analyst', text: '$BTC desk note', createdAt: ago(60_000), likes: 1, comments: 0, shares: 0 },
    ]);
    // Within READ_CACHE_TTL_MS the answer may be the one read before the post: its window says so.
    const soon = (await client.get(ask)).json();
    expect(soon.total.mentions === 1 || Date.parse(soon.asOf) < imported).toBe(true);
    await sleep(READ_CACHE_TTL_MS + 50);
    const later = (await client.get(ask)).json();
    expect(Date.parse(later.asOf)).toBeGreaterThan(imported);
    expect(later.platforms).toEqual([{ platform: 'linkedin', mentions: 1, sentiment: await meanOf(['v1l-new']), sentimentPosts: 1 }]);
  });
});
