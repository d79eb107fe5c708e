import { SORT_COLUMNS, type SocialPlatform } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';
import { dateAgo, facebookFixture, importAllFixtures, instagramFixture, linkedinFixture, twitterFixture } from '../test/social-fixtures.js';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await importAllFixtures(t.app.db);
  auth = bearer((await signup(t.app)).token);
});

afterAll(async () => {
  await t?.close();
});

interface Page {
  data: Record<string, unknown>[];
  pagination: { total: number; page: number; limit: number; pages: number };
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  return { status: res.statusCode, body: res.json() };
}

async function page(platform: SocialPlatform, query = ''): Promise<Page> {
  const res = await get(`/api/social/${platform}${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Page;
}

const ids = (p: Page) => p.data.map((post) => String(post.text).slice(0, 12));
const textsOf = (fixture: readonly { text: string }[], ...which: number[]) => which.map((i) => fixture[i - 1]!.text.slice(0, 12));

describe(`GET /api/social/<platform> (${process.env.TEST_DB})`, () => {
  it('answers the spec shape, newest first, with page 1 of 25 by default', async () => {
    const p = await page('twitter');
    expect(p.pagination).toEqual({ total: 6, page: 1, limit: 25, pages: 1 });
    expect(ids(p)).toEqual(textsOf(twitterFixture, 6, 5, 4, 3, 2, 1));
    const first = p.data[0]!;
    expect(first).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      userRef: { username: 'ALICE' },
      text: twitterFixture[5].text,
      createdAt: twitterFixture[5].createdAt,
      views: 300,
      likes: 7,
      replies: 1,
      retweets: 2,
      hashtags: [],
      symbols: ['BTC'],
      sentiment: expect.any(Number),
    });
  });

  it('sends JSON with its charset, the same text again from the read cache', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/social/twitter?limit=2', headers: auth });
    const [first, again] = [await get(), await get()];
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(first.json().pagination).toMatchObject({ limit: 2 });
  });

  it('gives each platform its own extras: Instagram media type and location, Facebook reactions', async () => {
    const insta = await page('instagram', 'sortBy=created_at&sortOrder=asc');
    expect(insta.data[0]).toMatchObject({ mediaType: 'image', location: 'Lisbon, Portugal', likes: 300, comments: 12 });
    expect(insta.data[2]).toMatchObject({ mediaType: 'carousel', location: null });
    const fb = await page('facebook', 'sortBy=created_at&sortOrder=asc');
    expect(fb.data[0]).toMatchObject({ shares: 2, reactions: { like: 20, love: 10, haha: 0, wow: 0, sad: 0, angry: 0 } });
    expect(fb.data[0]).not.toHaveProperty('views');
    const li = await page('linkedin');
    expect(li.data[0]).toMatchObject({ views: 800, likes: 10, comments: 2, shares: 0 });
  });

  describe('filters', () => {
    it.each([
      ['twitter', 'username=alice', [6, 3, 1]],
      ['twitter', 'username=ALICE_', [3]],
      ['twitter', `startDate=${dateAgo(4)}`, [6, 5, 4]],
      ['twitter', `endDate=${dateAgo(4)}`, [4, 3, 2, 1]],
      ['twitter', `startDate=${dateAgo(6)}&endDate=${dateAgo(4)}`, [4, 3]],
      ['twitter', 'minViews=800', [5, 3, 1]],
      ['twitter', 'maxViews=300', [6, 4, 2]],
      ['twitter', 'minLikes=50&maxLikes=50', [3, 1]],
      ['twitter', 'maxLikes=5', [4, 2]],
      ['twitter', 'minReplies=5', [5, 2, 1]],
      ['twitter', 'maxReplies=1', [6, 3]],
      ['twitter', 'username=alice&minViews=500', [3, 1]],
      ['instagram', 'username=pics', [3, 1]],
      ['instagram', `startDate=${dateAgo(5)}&endDate=${dateAgo(3)}`, [3, 2]],
      ['instagram', 'minLikes=75', [4, 2, 1]],
      ['instagram', 'maxLikes=75', [4, 3]],
      ['instagram', 'minComments=12&maxComments=12', [4, 1]],
      ['instagram', 'maxComments=3', [3]],
      ['instagram', 'mediaType=image', [4, 1]],
      ['instagram', 'mediaType=video', [2]],
      ['instagram', 'location=LISBON', [4, 1]],
      ['facebook', 'username=group', [3, 1]],
      ['facebook', `startDate=${dateAgo(4)}`, [3, 2]],
      ['facebook', 'minLikes=30', [3, 1]],
      ['facebook', 'maxLikes=5', [2]],
      ['facebook', 'minComments=40', [2]],
      ['facebook', 'maxComments=10', [3, 1]],
      ['facebook', 'minShares=2', [3, 1]],
      ['facebook', 'maxShares=2', [2, 1]],
      ['linkedin', 'username=analyst', [3, 1]],
      ['linkedin', 'minViews=2500', [2, 1]],
      ['linkedin', 'maxViews=2500', [3, 2]],
      ['linkedin', 'minLikes=40&maxComments=5', [2]],
      ['linkedin', 'minShares=3&maxShares=9', [2]],
      ['linkedin', `endDate=${dateAgo(3)}`, [2, 1]],
    ] as const)('%s?%s keeps exactly the matching posts', async (platform, query, expected) => {
      const fixture = { twitter: twitterFixture, instagram: instagramFixture, facebook: facebookFixture, linkedin: linkedinFixture }[
        platform
      ];
      const p = await page(platform, query);
      expect(ids(p)).toEqual(textsOf(fixture, ...expected));
      expect(p.pagination.total).toBe(expected.length);
    });

    it('treats blank filters as absent, as the spec client sends only non-empty ones', async () => {
      const p = await page('twitter', 'username=&minViews=&startDate=');
      expect(p.pagination.total).toBe(6);
    });
  });

  describe('sorting', () => {
    const fixtures = { twitter: twitterFixture, instagram: instagramFixture, facebook: facebookFixture, linkedin: linkedinFixture };
    const cases = (Object.keys(SORT_COLUMNS) as SocialPlatform[]).flatMap((platform) =>
      SORT_COLUMNS[platform].flatMap((column) => (['asc', 'desc'] as const).map((order) => [platform, column, order] as const)),
    );

    it.each(cases)('%s by %s %s orders every row, ties by id in the same direction', async (platform, column, order) => {
      const p = await page(platform, `sortBy=${column}&sortOrder=${order}`);
      expect(p.data).toHaveLength(fixtures[platform].length);
      const key = (post: Record<string, unknown>) => (column === 'created_at' ? Date.parse(String(post.createdAt)) : Number(post[column]));
      const sign = order === 'asc' ? 1 : -1;
      for (let i = 1; i < p.data.length; i++) {
        const a = p.data[i - 1]!;
        const b = p.data[i]!;
        const byValue = Math.sign(key(b) - key(a)) * sign;
        const byId = Math.sign(Number(b._id) - Number(a._id)) * sign;
        expect(byValue > 0 || (byValue === 0 && byId > 0), `${column} ${order} at ${i}`).toBe(true);
      }
    });

    it('keeps the same order across pages when values tie', async () => {
      const whole = await page('twitter', 'sortBy=likes&sortOrder=desc&limit=6');
      const paged = [];
      for (let n = 1; n <= 3; n++) paged.push(...(await page('twitter', `sortBy=likes&sortOrder=desc&limit=2&page=${n}`)).data);
      expect(paged.map((post) => post._id)).toEqual(whole.data.map((post) => post._id));
    });
  });

  describe('pagination', () => {
    it('counts pages and fills the last one with what remains', async () => {
      const last = await page('twitter', 'limit=4&page=2');
      expect(last.pagination).toEqual({ total: 6, page: 2, limit: 4, pages: 2 });
      expect(ids(last)).toEqual(textsOf(twitterFixture, 2, 1));
    });

    it('answers an empty page beyond the end with the true total and page count', async () => {
      const beyond = await page('twitter', 'limit=4&page=3');
      expect(beyond).toEqual({ data: [], pagination: { total: 6, page: 3, limit: 4, pages: 2 } });
    });

    it('accepts the limit bounds 1 and 100', async () => {
      expect((await page('twitter', 'limit=1')).pagination).toEqual({ total: 6, page: 1, limit: 1, pages: 6 });
      expect((await page('twitter', 'limit=100')).data).toHaveLength(6);
    });

    it('counts only the matching posts when filtered, and reports zero pages when nothing matches', async () => {
      expect((await page('twitter', 'minViews=1000&limit=1')).pagination).toEqual({ total: 2, page: 1, limit: 1, pages: 2 });
      expect(await page('twitter', 'username=nobody')).toEqual({ data: [], pagination: { total: 0, page: 1, limit: 25, pages: 0 } });
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['twitter', 'limit=0', 'limit must be between 1 and 100', 'limit'],
      ['twitter', 'limit=101', 'limit must be between 1 and 100', 'limit'],
      ['twitter', 'page=0', 'page must be a whole number from 1 to 10000000', 'page'],
      ['twitter', 'page=two', 'page must be a whole number from 1 to 10000000', 'page'],
      ['twitter', 'sortBy=shares', 'sortBy must be one of created_at, views, likes, replies, retweets', 'sortBy'],
      ['instagram', 'sortBy=views', 'sortBy must be one of created_at, likes, comments', 'sortBy'],
      ['twitter', 'sortOrder=down', 'sortOrder must be asc or desc', 'sortOrder'],
      ['twitter', 'minViews=-5', 'minViews must be a whole number from 0 to 9007199254740991', 'minViews'],
      ['twitter', 'minLikes=9&maxLikes=3', 'minLikes must not be greater than maxLikes', 'minLikes'],
      ['twitter', 'startDate=last-week', 'startDate must be a date (YYYY-MM-DD) or an ISO 8601 date-time', 'startDate'],
      ['twitter', 'startDate=2026-11-10&endDate=2026-11-01', 'endDate must not be before startDate', 'endDate'],
      ['instagram', 'mediaType=reel', 'mediaType must be one of image, video, carousel', 'mediaType'],
      ['facebook', 'minViews=1', 'unknown parameter: minViews', 'minViews'],
      ['twitter', 'limit=10&limit=20', 'limit must be between 1 and 100', 'limit'],
    ] as const)('%s?%s → 400 "%s", naming %s', async (platform, query, message, param) => {
      const res = await get(`/api/social/${platform}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, param });
    });

    it('an unknown platform is a JSON 404', async () => {
      const res = await get('/api/social/myspace');
      expect(res.status).toBe(404);
    });
  });
});

describe(`GET /api/social/search (${process.env.TEST_DB})`, () => {
  const search = async (query: string) => {
    const res = await get(`/api/social/search?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: Record<string, unknown>[] }).data;
  };

  it('answers the search-result shape, newest first across platforms', async () => {
    const data = await search(`startDate=${dateAgo(1)}&endDate=${dateAgo(1)}`);
    expect(data.map((r) => r.platform).sort()).toEqual(['instagram', 'linkedin', 'twitter']);
    const tweet = data.find((r) => r.platform === 'twitter');
    expect(tweet).toEqual({
      platform: 'twitter',
      _id: expect.stringMatching(/^\d+$/),
      userRef: { username: 'ALICE' },
      text: twitterFixture[5].text,
      createdAt: twitterFixture[5].createdAt,
      hashtags: [],
      symbols: ['BTC'],
      likes: 7,
      comments: 0,
      shares: 0,
      views: 300,
      retweets: 2,
      sentiment: expect.any(Number),
    });
    const all = await search('');
    expect(all).toHaveLength(16);
    const times = all.map((r) => Date.parse(String(r.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('limits to a date range', async () => {
    const data = await search(`startDate=${dateAgo(3)}&endDate=${dateAgo(2)}`);
    expect(data.map((r) => r.text).sort()).toEqual(
      [twitterFixture[4], instagramFixture[2], facebookFixture[2], linkedinFixture[1]].map((p) => p.text).sort(),
    );
  });

  it('finds words with English stemming, most relevant first', async () => {
    const data = await search('q=rally');
    expect(data.map((r) => r.text)).toEqual(expect.arrayContaining([twitterFixture[0].text, twitterFixture[3].text]));
    expect(data).toHaveLength(2);
  });

  it('matches $cashtags against the coins a post mentions, by name too', async () => {
    const data = await search('q=%24BTC');
    expect(data.map((r) => r.text).sort()).toEqual(
      [twitterFixture[0], twitterFixture[3], twitterFixture[5], instagramFixture[0], facebookFixture[2], linkedinFixture[0]]
        .map((p) => p.text)
        .sort(),
    );
  });

  it('matches #hashtags and combines every part of the query', async () => {
    expect((await search('q=%23crypto')).map((r) => r.text).sort()).toEqual(
      [twitterFixture[3], twitterFixture[4], instagramFixture[3]].map((p) => p.text).sort(),
    );
    expect((await search('q=%23crypto+%24BTC')).map((r) => r.text)).toEqual([twitterFixture[3].text]);
  });

  it('keeps to one platform when asked, and treats platform=all as every platform', async () => {
    const data = await search('q=%24BTC&platform=twitter');
    expect(data.every((r) => r.platform === 'twitter')).toBe(true);
    expect(data).toHaveLength(3);
    expect(await search('q=%24BTC&platform=all')).toHaveLength(6);
  });

  it('caps the results', async () => {
    expect(await search('limit=3')).toHaveLength(3);
  });

  it('counts the matches, per platform too, and pages through them with offset, without repeats', async () => {
    const first = await get('/api/social/search?q=%24BTC&platform=twitter&limit=2');
    expect(first.body).toMatchObject({
      total: 3,
      totalCapped: false,
      nextOffset: 2,
      platforms: [
        { platform: 'twitter', matches: 3, capped: false },
        { platform: 'instagram', matches: 1, capped: false },
        { platform: 'facebook', matches: 1, capped: false },
        { platform: 'linkedin', matches: 1, capped: false },
      ],
    });
    const pages: unknown[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const res = await get(`/api/social/search?limit=5&offset=${offset}`);
      const body = res.body as { data: unknown[]; total: number; nextOffset: number | null };
      expect(body.total).toBe(16);
      pages.push(...body.data);
      offset = body.nextOffset;
    }
    expect(pages).toEqual(await search('limit=100'));
  });

  it('finds nothing for text nobody wrote', async () => {
    expect(await search('q=zeppelin')).toEqual([]);
  });

  it.each([
    ['platform=myspace', 'platform must be one of all, twitter, instagram, facebook, linkedin', 'platform'],
    ['startDate=2026-11-10&endDate=2026-11-09', 'endDate must not be before startDate', 'endDate'],
    ['endDate=tomorrow', 'endDate must be a date (YYYY-MM-DD) or an ISO 8601 date-time', 'endDate'],
    ['limit=0', 'limit must be between 1 and 100', 'limit'],
    ['offset=-1', 'offset must be a whole number from 0 to 1000', 'offset'],
    ['sort=new', 'unknown parameter: sort', 'sort'],
  ])('?%s → 400 "%s", naming %s', async (query, message, param) => {
    const res = await get(`/api/social/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, param });
  });
});
