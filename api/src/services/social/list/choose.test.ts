import { LIST_COUNT_CAP } from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';
import {
  AUTHOR_BITMAP_SPAN,
  chooseList,
  onWholeHours,
  pageByWalking,
  SURE_BLOCKS,
  SURE_FACTOR,
  surelyPastCap,
  type ListDecision,
  type ListMeasured,
} from './choose.js';
import { matchesKey, type ListFacts } from './facts.js';

const twitter = 450_000;
const facts = (over: Partial<ListFacts>): ListFacts => ({
  platform: 'twitter',
  scope: { dataset: 'shared' },
  ranges: [],
  sortBy: 'created_at',
  sortOrder: 'desc',
  page: 1,
  limit: 25,
  offset: 0,
  ...over,
});
const day = { startDate: new Date('2026-11-01T00:00:00Z'), endDate: new Date('2026-11-01T23:59:59.999Z') };
const likesFloor = [{ counter: 'likes', op: '>=', value: 5_000 }] as const;
const past = LIST_COUNT_CAP + 1;

describe('the list planner: facts and measurements → strategy', () => {
  const table: [string, Partial<ListFacts>, ListMeasured, ListDecision][] = [
    ['no filter', {}, {}, { strategy: 'platform-walk' }],
    ['no filter, with the filter columns at hand', {}, { columns: true }, { strategy: 'platform-walk' }],
    [
      'two kinds of filter the filter columns answer',
      { username: 'whale', authorIds: [7], ranges: likesFloor },
      { columns: true },
      { strategy: 'columns' },
    ],
    ['dates alone, the filter columns at hand', day, { columns: true }, { strategy: 'columns' }],
    ['a handle alone, the filter columns at hand', { username: 'whale', authorIds: [7] }, { columns: true }, { strategy: 'columns' }],
    ['a range alone, the filter columns at hand', { ranges: likesFloor }, { columns: true }, { strategy: 'columns' }],
    [
      "Instagram's media type alone, the filter columns at hand, is read from the database",
      { platform: 'instagram', mediaType: 'video' },
      { columns: true },
      { measure: 'sample' },
    ],
    [
      "Instagram's media type with a range, on the filter columns",
      { platform: 'instagram', mediaType: 'video', ranges: likesFloor },
      { columns: true },
      { strategy: 'columns' },
    ],
    ['no filter, sorted by a counter, a deep page', { sortBy: 'likes', page: 40, offset: 975 }, {}, { strategy: 'platform-walk' }],
    ["an account's own posts, unfiltered, are counted", { scope: { dataset: 'mine', userId: 'u' } }, {}, { measure: 'count' }],
    ['a whole day, by time', day, {}, { strategy: 'window-walk' }],
    ['a whole day, by a counter, before the platform is sized', { ...day, sortBy: 'replies' }, {}, { measure: 'platformTotal' }],
    ['a whole day, by a counter', { ...day, sortBy: 'replies' }, { platformTotal: twitter }, { strategy: 'window-gated' }],
    [
      'a window not on whole hours is first checked on the sample',
      { startDate: new Date('2026-11-01T00:30:00Z') },
      {},
      { measure: 'sample' },
    ],
    [
      'a window not on whole hours, the sample not surely past the cap, is counted',
      { startDate: new Date('2026-11-01T00:30:00Z') },
      { sampled: { matches: 900, blocks: 30 } },
      { measure: 'count' },
    ],
    ['without a sample at hand it is counted', { startDate: new Date('2026-11-01T00:30:00Z') }, { sampled: null }, { measure: 'count' }],
    [
      'a handle named by its authors is first checked on the sample',
      { username: 'whale', authorIds: [7], ranges: likesFloor },
      {},
      { measure: 'sample' },
    ],
    ["Instagram's place is not in the sample: counted", { platform: 'instagram', location: 'paris' }, {}, { measure: 'count' }],
    ["a whole day of an account's own posts is counted", { ...day, scope: { dataset: 'mine', userId: 'u' } }, {}, { measure: 'count' }],
    ['a handle, before counting', { username: 'whale' }, {}, { measure: 'count' }],
    ['a handle with 40 posts, page 1', { username: 'whale' }, { counted: 40 }, { strategy: 'sort-matches' }],
    ['a handle with 40 posts, page 3', { username: 'whale', page: 3, offset: 50 }, { counted: 40 }, { strategy: 'past-the-end' }],
    ['exactly at the cap', { username: 'a' }, { counted: LIST_COUNT_CAP }, { strategy: 'sort-matches' }],
    [
      'past the cap, counted in the page order with the page',
      { username: 'whale', authorIds: [7], ranges: likesFloor },
      { sampled: { matches: 1_500, blocks: 12 }, counted: LIST_COUNT_CAP + 1, paged: true },
      { strategy: 'walk-to-cap' },
    ],
    ['a handle named by its authors, below the cap', { username: 'whale', authorIds: [7] }, { counted: 40 }, { strategy: 'handle-sort' }],
    [
      'a handle named by its authors and a day, below the cap',
      { username: 'whale', authorIds: [7, 8], ...day },
      { counted: 400 },
      { strategy: 'handle-sort' },
    ],
    [
      'a handle named by its authors and a counter range, below the cap',
      { username: 'whale', authorIds: [7], ranges: likesFloor },
      { counted: 40 },
      { strategy: 'sort-matches' },
    ],
    ['a handle past the cap, matched in the statement', { username: 'a' }, { counted: past }, { strategy: 'walk-sort-index' }],
    [
      'a handle past the cap, named by its authors',
      { username: 'a', authorIds: [3, 9, 40] },
      { counted: past },
      { strategy: 'handle-walk' },
    ],
    ['a handle and a day past the cap', { username: 'a', authorIds: [3, 9], ...day }, { counted: past }, { strategy: 'handle-walk' }],
    [
      'a handle whose authors lie too far apart for a bitmap',
      { username: 'a', authorIds: [3, 3 + AUTHOR_BITMAP_SPAN] },
      { counted: past },
      { strategy: 'walk-sort-index' },
    ],
    [
      'a handle and a counter range past the cap',
      { username: 'a', authorIds: [3, 9], ranges: likesFloor, sortBy: 'likes' },
      { counted: past, planned: 4_000, platformTotal: twitter },
      { strategy: 'walk-sort-index' },
    ],
    ['a handle no author has', { username: 'zzz', authorIds: [] }, { counted: 0 }, { strategy: 'past-the-end' }],
    ['a range past the cap, before the estimate', { ranges: likesFloor }, { counted: past }, { measure: 'estimate' }],
    [
      'a range past the cap, before the platform is sized',
      { ranges: likesFloor },
      { counted: past, planned: 4_000 },
      { measure: 'platformTotal' },
    ],
    [
      'a range walked away from (fewest retweets first), before the walk is placed on the sample',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter },
      { measure: 'walkLength' },
    ],
    [
      'the same without a sample: sorted, its matches being fewer than the posts a walk may pass',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: null },
      { strategy: 'sort-matches' },
    ],
    [
      'the same with a sample, before the counter box is placed on it',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: 3_000 },
      { measure: 'boxLength' },
    ],
    [
      'the same when the sample places the page within a short walk',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: 3_000, boxLength: 40 },
      { strategy: 'walk-sort-index' },
    ],
    [
      'the same when the sample places the page past the sorting of every match, and the box reads more',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: 400_000, boxLength: 60 },
      { strategy: 'sort-matches' },
    ],
    [
      'the same when the counter box reads fewer rows than the walk passes and the sort sorts',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: 400_000, boxLength: 30 },
      { strategy: 'counter-box' },
    ],
    [
      'the same where the database has no counter boxes',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc' },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: 400_000, boxLength: null },
      { strategy: 'sort-matches' },
    ],
    [
      'a range and dates walked away from are never boxed (the box has no time)',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc', startDate: new Date('2026-11-01T00:30:00Z') },
      { counted: past, planned: 4_000, platformTotal: twitter, walkLength: 400_000 },
      { strategy: 'sort-matches' },
    ],
    [
      'a range sorted by time is walked, never boxed',
      { ranges: [{ counter: 'views', op: '<=', value: 50 }], sortBy: 'created_at', sortOrder: 'desc' },
      { counted: past, planned: 4_000, platformTotal: twitter },
      { strategy: 'walk-sort-index' },
    ],
    [
      'a range walked toward (most retweets first)',
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'desc' },
      { counted: past, planned: 4_000, platformTotal: twitter },
      { strategy: 'walk-sort-index' },
    ],
    [
      "a range on an account's own posts past the cap is walked (no statistics to weigh)",
      { ranges: likesFloor, sortBy: 'retweets', sortOrder: 'asc', scope: { dataset: 'mine', userId: 'u' } },
      { counted: past },
      { strategy: 'walk-sort-index' },
    ],
    [
      'Instagram media type alone past the cap',
      { platform: 'instagram', mediaType: 'image' },
      { counted: past },
      { strategy: 'instagram-walk' },
    ],
    [
      'Instagram place alone past the cap',
      { platform: 'instagram', location: 'austin' },
      { counted: past },
      { strategy: 'instagram-walk' },
    ],
    [
      'Instagram place with a window past the cap',
      { platform: 'instagram', location: 'austin', ...day },
      { counted: past },
      { strategy: 'walk-sort-index' },
    ],
    ['Instagram place below the cap', { platform: 'instagram', location: 'austin' }, { counted: 300 }, { strategy: 'sort-matches' }],
  ];
  it.each(table)('%s', (_name, over, measured, decision) => {
    expect(chooseList(facts(over), measured)).toEqual(decision);
  });
});

describe('whether a counter range past the cap is walked', () => {
  const order = (sortBy: ListFacts['sortBy'], sortOrder: 'asc' | 'desc', ranges: ListFacts['ranges']) => ({ sortBy, sortOrder, ranges });
  it('the sample stands for a count only from SURE_BLOCKS pages and SURE_FACTOR × the cap', () => {
    const sure = SURE_FACTOR * past;
    expect(surelyPastCap({ matches: sure, blocks: SURE_BLOCKS })).toBe(true);
    expect(surelyPastCap({ matches: sure - 1, blocks: 100 })).toBe(false);
    // A narrow window on one or two table pages looks large: not enough.
    expect(surelyPastCap({ matches: 50_000, blocks: SURE_BLOCKS - 1 })).toBe(false);
    expect(surelyPastCap(null)).toBe(false);
  });

  it('walks when the sort column is itself filtered, or the sort is by date', () => {
    expect(pageByWalking(order('likes', 'asc', likesFloor), 4_000, twitter)).toBe(true);
    expect(pageByWalking(order('created_at', 'asc', [{ counter: 'shares', op: '>=', value: 10 }]), 34_000, twitter)).toBe(true);
  });
  it('sorts the matches of a range on another counter walked away from', () => {
    expect(pageByWalking(order('retweets', 'asc', likesFloor), 4_000, twitter)).toBe(false);
    expect(pageByWalking(order('retweets', 'desc', [{ counter: 'views', op: '<=', value: 50 }]), 20_000, twitter)).toBe(false);
    const band = [
      { counter: 'views', op: '>=', value: 10 },
      { counter: 'views', op: '<=', value: 50 },
    ] as const;
    expect(pageByWalking(order('retweets', 'desc', band), 20_000, twitter)).toBe(false);
  });
  it('walks toward such a range, which meets its matches first', () => {
    expect(pageByWalking(order('retweets', 'desc', likesFloor), 4_000, twitter)).toBe(true);
    expect(pageByWalking(order('retweets', 'asc', [{ counter: 'views', op: '<=', value: 50 }]), 4_000, twitter)).toBe(true);
  });
  it('walks away from a range that most posts match: the posts passed are fewer than the matches', () => {
    expect(pageByWalking(order('retweets', 'asc', likesFloor), 400_000, twitter)).toBe(true);
  });
  it("walks away from a range when the sample's walk costs less than sorting the matches", () => {
    expect(pageByWalking(order('retweets', 'asc', likesFloor), 4_000, twitter, 4_999)).toBe(true);
    expect(pageByWalking(order('retweets', 'asc', likesFloor), 4_000, twitter, 5_000)).toBe(false);
    expect(pageByWalking(order('retweets', 'asc', likesFloor), 400_000, twitter, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('whole hours', () => {
  it('a bare day and an hour-aligned range are whole hours; a minute is not', () => {
    expect(onWholeHours(day.startDate, day.endDate)).toBe(true);
    expect(onWholeHours(undefined, undefined)).toBe(true);
    expect(onWholeHours(new Date('2026-11-01T00:01:00Z'), undefined)).toBe(false);
    expect(onWholeHours(undefined, new Date('2026-11-01T23:59:59Z'))).toBe(false);
  });
});

describe("a filter set's key, for the facts kept across requests", () => {
  it('is the same for every page and sort of the same filters, and differs with any filter', () => {
    const key = matchesKey(facts({ ranges: likesFloor, ...day }));
    expect(matchesKey(facts({ ranges: likesFloor, ...day, sortBy: 'likes', sortOrder: 'asc', page: 9, offset: 200 }))).toBe(key);
    expect(matchesKey(facts({ ranges: likesFloor }))).not.toBe(key);
    expect(matchesKey(facts({ ranges: likesFloor, ...day, platform: 'linkedin' }))).not.toBe(key);
    expect(matchesKey(facts({ ranges: [{ counter: 'likes', op: '>=', value: 5_001 }], ...day }))).not.toBe(key);
    expect(matchesKey(facts({ ranges: likesFloor, ...day, username: 'whale' }))).not.toBe(key);
  });

  it("is none for an account's own posts: their facts are never kept", () => {
    expect(matchesKey(facts({ scope: { dataset: 'mine', userId: 'u1' }, username: 'whale' }))).toBeUndefined();
  });
});
