import { describe, expect, it } from 'vitest';
import { pageByWalking } from './list-posts.js';

const twitter = 450_000;
type Order = Parameters<typeof pageByWalking>[0]['q'];
const page = (over: Partial<Order>): Order => ({ sortBy: 'retweets', sortOrder: 'asc', ...over });

describe('how a filtered page is found', () => {
  it('leaves the plan to the planner when the sort column is itself filtered, or the sort is by date', () => {
    expect(
      pageByWalking({ q: page({ sortBy: 'likes' }), ranges: [{ counter: 'likes', op: '>=' }], planned: 4_000, platformTotal: twitter }),
    ).toBe(true);
    expect(
      pageByWalking({
        q: page({ sortBy: 'created_at' }),
        ranges: [{ counter: 'shares', op: '>=' }],
        planned: 34_000,
        platformTotal: twitter,
      }),
    ).toBe(true);
  });

  it('sorts the matches of a range on another counter walked away from (likes ≥ 5,000, fewest retweets first)', () => {
    expect(pageByWalking({ q: page({}), ranges: [{ counter: 'likes', op: '>=' }], planned: 4_000, platformTotal: twitter })).toBe(false);
    expect(
      pageByWalking({ q: page({ sortOrder: 'desc' }), ranges: [{ counter: 'views', op: '<=' }], planned: 20_000, platformTotal: twitter }),
    ).toBe(false);
    expect(
      pageByWalking({
        q: page({ sortOrder: 'desc' }),
        ranges: [
          { counter: 'views', op: '>=' },
          { counter: 'views', op: '<=' },
        ],
        planned: 20_000,
        platformTotal: twitter,
      }),
    ).toBe(false);
  });

  it('walks toward such a range, which meets its matches first', () => {
    expect(
      pageByWalking({ q: page({ sortOrder: 'desc' }), ranges: [{ counter: 'likes', op: '>=' }], planned: 4_000, platformTotal: twitter }),
    ).toBe(true);
    expect(
      pageByWalking({ q: page({ sortOrder: 'asc' }), ranges: [{ counter: 'views', op: '<=' }], planned: 4_000, platformTotal: twitter }),
    ).toBe(true);
  });

  it('walks away from a range that most posts match: the posts passed are fewer than the matches', () => {
    expect(pageByWalking({ q: page({}), ranges: [{ counter: 'likes', op: '>=' }], planned: 400_000, platformTotal: twitter })).toBe(true);
  });
});
