import { describe, expect, it } from 'vitest';
import type { ListFacts } from './facts.js';
import type { CounterSample, SampledPost } from './sample.js';
import { boxLength, countDriver, sampledMatches, walkLength } from './walk-length.js';

const facts = (over: Partial<ListFacts>): ListFacts => ({
  platform: 'twitter',
  scope: { dataset: 'shared' },
  ranges: [],
  sortBy: 'retweets',
  sortOrder: 'asc',
  page: 1,
  limit: 25,
  offset: 0,
  ...over,
});

// 1,000 sampled posts of 100,000 (1%): post i has i retweets and i likes, so counters follow one another.
const posts: SampledPost[] = Array.from({ length: 1_000 }, (_, i) => ({
  id: i + 1,
  createdAt: Date.UTC(2026, 10, 1) + i * 60_000,
  authorId: i % 10,
  // Fifty posts a table page, as the sample reads them.
  block: Math.floor(i / 50),
  likes: i,
  comments: null,
  shares: null,
  views: 1_000 - i,
  replies: 0,
  retweets: i,
  mediaType: null,
  place: null,
}));
const sample = (): CounterSample => ({ fraction: 0.01, posts, sorted: new Map() });

describe("a walk's length placed on a sample of the platform's posts", () => {
  it('walking away from a floor passes the posts below it first', () => {
    // Fewest retweets first, likes ≥ 900: the first match is the sample's 901st post, 90,100 posts into the platform.
    expect(walkLength(sample(), facts({ ranges: [{ counter: 'likes', op: '>=', value: 900 }] }))).toBe(90_100);
  });
  it('walking toward it meets the matches at once, and a deeper page walks further', () => {
    const floor = [{ counter: 'likes', op: '>=', value: 900 }] as const;
    expect(walkLength(sample(), facts({ ranges: floor, sortOrder: 'desc' }))).toBe(100);
    // Page 9 of 25: the 225th match, the sample's 3rd (⌈225 × 1%⌉).
    expect(walkLength(sample(), facts({ ranges: floor, sortOrder: 'desc', page: 9, offset: 200 }))).toBe(300);
  });
  it('checks the dates and the authors on the sampled posts too', () => {
    const ranges = [{ counter: 'views', op: '<=', value: 500 }] as const;
    expect(walkLength(sample(), facts({ ranges }))).toBe(50_100);
    expect(walkLength(sample(), facts({ ranges, authorIds: [3] }))).toBe(50_400);
    expect(walkLength(sample(), facts({ ranges, startDate: new Date(Date.UTC(2026, 10, 1) + 700 * 60_000) }))).toBe(70_100);
  });
  it('is unbounded when the sample holds too few matches', () => {
    expect(walkLength(sample(), facts({ ranges: [{ counter: 'likes', op: '>=', value: 5_000 }] }))).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("the counter box's reads placed on the same sample", () => {
  it('reads the posts within the ranges up to the page, not the posts a walk passes', () => {
    // Fewest retweets first, likes ≥ 900: the walk passes 900 sampled posts first; the box reads the first match, 100 posts.
    const floor = [{ counter: 'likes', op: '>=', value: 900 }] as const;
    expect(boxLength(sample(), facts({ ranges: floor }))).toBe(100);
    // Page 9 of 25: up to the sample's 3rd match.
    expect(boxLength(sample(), facts({ ranges: floor, page: 9, offset: 200 }))).toBe(300);
  });
  it("reads every post that ties with the page's last value, which it sorts by id", () => {
    // Fewest replies first: every sampled post has 0 replies, so the box reads all 101 with likes ≥ 900.
    const floor = [{ counter: 'likes', op: '>=', value: 900 }] as const;
    expect(boxLength(sample(), facts({ ranges: floor, sortBy: 'replies' }))).toBe(10_000);
  });
  it('is unbounded when the sample holds too few matches, and sorted by time there is no box', () => {
    expect(boxLength(sample(), facts({ ranges: [{ counter: 'likes', op: '>=', value: 5_000 }] }))).toBe(Number.POSITIVE_INFINITY);
    expect(boxLength(sample(), facts({ ranges: [{ counter: 'likes', op: '>=', value: 9 }], sortBy: 'created_at' }))).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});

describe("a list's matches counted on the sample", () => {
  it('scales the sampled matches by the fraction and names the table pages they came from', () => {
    // likes ≥ 900: the sample's last 100 posts, two pages; 10,000 of the platform's posts.
    expect(sampledMatches(sample(), facts({ ranges: [{ counter: 'likes', op: '>=', value: 900 }] }))).toEqual({
      matches: 10_000,
      blocks: 2,
    });
    // A handle named by its authors: a tenth of every page.
    expect(sampledMatches(sample(), facts({ ranges: [], authorIds: [3] }))).toEqual({ matches: 10_000, blocks: 20 });
    expect(sampledMatches({ fraction: 0, posts: [], sorted: new Map() }, facts({ ranges: [] }))).toBeNull();
  });
});

describe("a capped count's driver chosen on the same sample", () => {
  const minute = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000);
  it('walks the index whose own entries reach the cap soonest', () => {
    // likes ≥ 900 and views ≤ 500: 10,000 matches. The cap is met a tenth of the way into each
    // driver's own entries: 1,001 of likes' 10,000, 5,005 of views' 50,000, 10,010 of every post's.
    const ranges = [
      { counter: 'likes', op: '>=', value: 900 },
      { counter: 'views', op: '<=', value: 500 },
    ] as const;
    expect(countDriver(sample(), facts({ ranges }))).toBe('likes');
  });
  it("takes a handle's authors when their posts are fewer, counting a descent for each author", () => {
    const ranges = [{ counter: 'likes', op: '>=', value: 100 }] as const;
    // Author 3 has 10,000 posts, 9,000 of them with 100 likes or more: the cap is met after 1,001
    // entries of the author's likes and a descent, 1,112 of the author's posts, 10,010 of likes'.
    expect(countDriver(sample(), facts({ ranges, authorIds: [3] }))).toBe('author-likes');
    // The last 100 minutes hold 1,000 of the author's posts: its walk within them is the shortest.
    expect(countDriver(sample(), facts({ ranges, authorIds: [3], startDate: minute(900) }))).toBe('author');
    // 900 likes or more: 1,000 of the author's posts, its likes' walk reads no other.
    expect(countDriver(sample(), facts({ ranges: [{ counter: 'likes', op: '>=', value: 900 }], authorIds: [3] }))).toBe('author-likes');
    // 2,001 authors named (2,000 with no sampled post) cost 20,010 entries in descents: likes' walk is shorter.
    const many = [3, ...Array.from({ length: 2_000 }, (_, i) => 100 + i)];
    expect(countDriver(sample(), facts({ ranges, authorIds: many }))).toBe('likes');
    // Unless the authors can be checked only as the walk's own condition (too far apart for a bitmap).
    expect(countDriver(sample(), facts({ ranges, authorIds: many }), undefined, true)).toBe('author-likes');
  });
  it("walks the sort's own index in the page's order when the matches pass the cap, saving the page's walk", () => {
    // Likes ≥ 5, newest first: 99,500 matches. In time's order the cap's matches come within about
    // 1,100 entries and hold the page; every other driver passes as many, then the page is walked.
    const floor = [{ counter: 'likes', op: '>=', value: 5 }] as const;
    expect(countDriver(sample(), facts({ sortBy: 'created_at', sortOrder: 'desc', ranges: floor }))).toBe('sort');
    // A page past the cap's matches is walked anyway: the unordered walk of the floor's index counts as soon.
    expect(countDriver(sample(), facts({ sortBy: 'created_at', sortOrder: 'desc', page: 60, offset: 1_475, ranges: floor }))).not.toBe(
      'sort',
    );
  });
  it('reads a narrow window off the time index, and with no sampled match the driver with the fewest entries of its own', () => {
    const last10 = { startDate: minute(990) };
    expect(countDriver(sample(), facts({ ...last10, ranges: [{ counter: 'likes', op: '>=', value: 5 }] }))).toBe('created_at');
    // Nothing sampled has 5,000 likes: its walk holds no entry, where the last hundred minutes hold 10,000.
    expect(countDriver(sample(), facts({ startDate: minute(900), ranges: [{ counter: 'likes', op: '>=', value: 5_000 }] }))).toBe('likes');
  });
});
