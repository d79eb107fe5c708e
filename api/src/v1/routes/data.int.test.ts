import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_CACHE_TTL_MS } from '../../services/read-cache.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { importFixture } from '../../test/social-fixtures.js';
import { expectV1Error, v1Account } from '../../test/v1.js';

// GET /v1/data, posts with the explorer's filters and a keyset cursor.

const MINUTE = 60_000;
const base = Date.now() - 48 * 60 * MINUTE;
const at = (minutes: number) => new Date(base + minutes * MINUTE).toISOString();

let t: TestApp;
let client: Awaited<ReturnType<typeof v1Account>>;

interface Post {
  _id: string;
  platform: string;
  createdAt: string;
  likes: number;
  symbols: string[];
  text: string;
}

// 36 posts over three platforms; every third pair shares its time, so ties are broken by id.
const tweet = (n: number, minutes: number) => ({
  id: `dt${n}`,
  username: `u${n % 5}`,
  text: n % 2 ? `$BTC update number ${n}` : `Ethereum staking note ${n}`,
  createdAt: at(minutes),
  views: n,
  likes: n * 3,
  replies: 0,
  retweets: 0,
});

beforeAll(async () => {
  t = await createTestApp();
  client = await v1Account(t.app);
  await importFixture(
    t.app.db,
    'twitter',
    Array.from({ length: 16 }, (_, n) => tweet(n, Math.floor(n / 2) * 10)),
  );
  await importFixture(
    t.app.db,
    'instagram',
    Array.from({ length: 10 }, (_, n) => ({
      id: `di${n}`,
      username: 'pics',
      text: `$BTC photo ${n}`,
      createdAt: at(n * 10),
      likes: n,
      comments: 0,
      mediaType: 'image',
    })),
  );
  await importFixture(
    t.app.db,
    'linkedin',
    Array.from({ length: 10 }, (_, n) => ({
      id: `dl${n}`,
      username: 'cfo',
      text: `Treasury memo ${n} $ETH`,
      createdAt: at(n * 10 + 5),
      likes: 100 + n,
      comments: 0,
      shares: 0,
      views: 1,
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

/** Every post in the order /v1/data promises: created_at, then id, both descending. */
async function expectedOrder() {
  const rows = await t.app.db.selectFrom('posts').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => String(r.id));
}

async function walk(query: string, onPage: (page: number) => Promise<void> = async () => {}) {
  const seen: Post[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await client.get(`/v1/data?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Post[]; nextCursor: string | null; asOf: string };
    expect(Date.parse(body.asOf)).toBeGreaterThan(0);
    seen.push(...body.data);
    cursor = body.nextCursor;
    if (!cursor) break;
    await onPage(page);
  }
  return seen;
}

describe(`GET /v1/data (${process.env.TEST_DB})`, () => {
  it('answers 25 posts, newest first, in one shape for every platform', async () => {
    const res = await client.get('/v1/data');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(25);
    expect(body.nextCursor).toEqual(expect.any(String));
    expect(body.data.map((p: Post) => p._id)).toEqual((await expectedOrder()).slice(0, 25));
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'platform',
        '_id',
        'userRef',
        'text',
        'createdAt',
        'hashtags',
        'symbols',
        'likes',
        'comments',
        'shares',
        'views',
        'retweets',
        'sentiment',
      ].sort(),
    );
  });

  it('pages through every post once, in order, while newer posts arrive', async () => {
    const before = await expectedOrder();
    let added = 0;
    const seen = await walk('limit=7', async () => {
      // Newer posts land before the walk's position, never inside it.
      added += 1;
      await importFixture(t.app.db, 'twitter', [tweet(100 + added, 48 * 60 + added)]);
      await importFixture(t.app.db, 'instagram', [
        { id: `new${added}`, username: 'late', text: 'late post', createdAt: new Date().toISOString(), likes: 0, comments: 0 },
      ]);
    });
    expect(added).toBeGreaterThan(3);
    expect(seen.map((p) => p._id)).toEqual(before);
  });

  it('applies platform, q, symbol, minLikes, from and to', async () => {
    const twitter = await walk('platform=twitter&limit=100&to=' + encodeURIComponent(at(200)));
    expect(twitter.length).toBe(16);
    expect(new Set(twitter.map((p) => p.platform))).toEqual(new Set(['twitter']));

    const btc = await walk('q=%24BTC&limit=5&to=' + encodeURIComponent(at(200)));
    expect(btc.length).toBe(8 + 10);
    expect(btc.every((p) => p.symbols.includes('BTC'))).toBe(true);
    const bySymbol = await walk('symbol=bitcoin&limit=5&to=' + encodeURIComponent(at(200)));
    expect(bySymbol.map((p) => p._id)).toEqual(btc.map((p) => p._id));

    const words = await walk('q=staking&platform=twitter&to=' + encodeURIComponent(at(200)));
    expect(words.length).toBe(8);
    expect(words.every((p) => p.text.includes('staking'))).toBe(true);

    const liked = await walk('minLikes=100&limit=3&to=' + encodeURIComponent(at(200)));
    expect(liked.map((p) => p.likes).every((l) => l >= 100)).toBe(true);
    expect(liked.length).toBe(10);

    const window = await walk(`from=${Math.floor(Date.parse(at(30)) / 1000)}&to=${encodeURIComponent(at(50))}`);
    expect(window.map((p) => p.createdAt).sort()).toEqual([at(30), at(30), at(30), at(35), at(40), at(40), at(40), at(45)].sort());
  });

  it('answers an empty last page with nextCursor null', async () => {
    const res = await client.get('/v1/data?q=nothingmatchesthis');
    expect(res.json()).toEqual({ data: [], nextCursor: null, asOf: expect.any(String) });
  });

  it('refuses bad parameters naming the field', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=101', 'limit must be between 1 and 100'],
      ['cursor=garbage', 'cursor must be the nextCursor of a previous page'],
      [`cursor=${Buffer.from('{"t":"x","i":1}').toString('base64url')}`, 'cursor must be the nextCursor of a previous page'],
      ['platform=news', 'platform must be one of all, twitter, instagram, facebook, linkedin'],
      ['minLikes=-1', 'minLikes must be a whole number from 0 to 2147483647'],
      ['from=tomorrow', 'from must be unix seconds or an ISO 8601 date-time such as 2026-11-24T10:00:00Z'],
      ['from=2026-11-24&to=2026-11-23', 'from must be before to'],
      ['symbol=XYZ', 'symbol XYZ is not a tracked asset'],
      ['page=2', 'unknown parameter: page'],
    ];
    for (const [query, message] of cases) expectV1Error(await client.get(`/v1/data?${query}`), 400, 'bad_request', message);
    // A cursor that decodes to no position names the parameter too, as every bad parameter does.
    expectV1Error(await client.get('/v1/data?cursor=garbage'), 400, 'bad_request', 'cursor must be the nextCursor of a previous page', {
      param: 'cursor',
    });
    expectV1Error(await client.get('/v1/data?symbol=bit'), 409, 'conflict', undefined, {
      candidates: [
        { symbol: 'BTC', name: 'Bitcoin' },
        { symbol: 'BCH', name: 'Bitcoin Cash' },
      ],
    });
  });

  it('answers the same page within READ_CACHE_TTL_MS once, dated by asOf, and shows a new post after it', async () => {
    const ask = '/v1/data?platform=linkedin&limit=3';
    await client.get(ask);
    const imported = Date.now();
    await importFixture(t.app.db, 'linkedin', [
      {
        id: 'dl-new',
        username: 'cfo',
        text: 'Fresh memo $ETH',
        createdAt: new Date().toISOString(),
        likes: 1,
        comments: 0,
        shares: 0,
        views: 1,
      },
    ]);
    const soon = (await client.get(ask)).json() as { data: Post[]; asOf: string };
    expect(soon.data[0]!.text === 'Fresh memo $ETH' || Date.parse(soon.asOf) < imported).toBe(true);
    await sleep(READ_CACHE_TTL_MS + 50);
    const later = (await client.get(ask)).json() as { data: Post[]; asOf: string };
    expect(Date.parse(later.asOf)).toBeGreaterThan(imported);
    expect(later.data[0]!.text).toBe('Fresh memo $ETH');
  });
});
