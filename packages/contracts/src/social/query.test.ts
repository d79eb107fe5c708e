import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from './params.js';
import { LIST_FILTERS, SOCIAL_PLATFORMS } from './constants.js';
import { listQuerySchema, searchQuerySchema, trendingInputSchema } from './query.js';

const problem = (result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) =>
  result.success ? undefined : firstIssueMessage(result.error!);

describe('list query', () => {
  it('fills the spec defaults: page 1, limit 25, created_at descending, the shared dataset', () => {
    expect(listQuerySchema('twitter').parse({})).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'created_at',
      sortOrder: 'desc',
      dataset: 'shared',
    });
  });

  it('docs/security.md §24: dataset is shared (also when blank) or mine, nothing else', () => {
    expect(listQuerySchema('instagram').parse({ dataset: 'mine' })).toMatchObject({ dataset: 'mine' });
    expect(listQuerySchema('instagram').parse({ dataset: '' })).toMatchObject({ dataset: 'shared' });
    expect(problem(listQuerySchema('twitter').safeParse({ dataset: 'theirs' }))).toBe('dataset must be shared or mine');
    expect(problem(listQuerySchema('twitter', 'labels').safeParse({ dataset: 'all' }))).toBe('Dataset must be shared or mine');
  });

  it('reads query-string text and JSON numbers alike, and drops blank filters', () => {
    const fromQuery = listQuerySchema('twitter').parse({ page: '3', limit: '50', minLikes: '10', maxViews: '', username: ' @Alice ' });
    const fromJson = listQuerySchema('twitter').parse({ page: 3, limit: 50, minLikes: 10, username: 'Alice' });
    expect(fromQuery).toEqual(fromJson);
    expect(fromQuery).toMatchObject({ page: 3, limit: 50, minLikes: 10, username: 'Alice' });
    expect(fromQuery).not.toHaveProperty('maxViews', expect.anything());
  });

  it.each([
    [{ limit: '0' }, 'limit must be between 1 and 100'],
    [{ limit: '101' }, 'limit must be between 1 and 100'],
    [{ limit: 'ten' }, 'limit must be between 1 and 100'],
    [{ page: '0' }, 'page must be a whole number from 1 to 10000000'],
    [{ page: '1.5' }, 'page must be a whole number from 1 to 10000000'],
    [{ sortBy: 'comments' }, 'sortBy must be one of created_at, views, likes, replies, retweets'],
    [{ sortOrder: 'up' }, 'sortOrder must be asc or desc'],
    [{ minLikes: '-1' }, 'minLikes must be a whole number from 0 to 2147483647'],
    // posts.likes is a PostgreSQL integer: one more would fail in the database with a 500.
    [{ minLikes: '2147483648' }, 'minLikes must be a whole number from 0 to 2147483647'],
    [{ maxViews: '9007199254740992' }, 'maxViews must be a whole number from 0 to 9007199254740991'],
    [{ minViews: '10', maxViews: '5' }, 'minViews must not be greater than maxViews'],
    [{ startDate: 'yesterday' }, 'startDate must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    [{ startDate: '2026-02-30' }, 'startDate must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    [{ startDate: '2026-11-20', endDate: '2026-11-19' }, 'endDate must not be before startDate'],
    [{ minComments: '1' }, 'unknown parameter: minComments'],
    [{ page: ['1', '2'] }, 'page must be a whole number from 1 to 10000000'],
  ])('rejects %j with "%s"', (query, message) => {
    expect(problem(listQuerySchema('twitter').safeParse(query))).toBe(message);
  });

  it('has each platform’s own filters and sort columns', () => {
    expect(listQuerySchema('instagram').parse({ mediaType: 'video', location: 'Lisbon', sortBy: 'comments' })).toMatchObject({
      mediaType: 'video',
      location: 'Lisbon',
      sortBy: 'comments',
    });
    expect(problem(listQuerySchema('instagram').safeParse({ mediaType: 'gif' }))).toBe('mediaType must be one of image, video, carousel');
    expect(listQuerySchema('facebook').parse({ minShares: '1', maxShares: '9' })).toMatchObject({ minShares: 1, maxShares: 9 });
    expect(listQuerySchema('linkedin').parse({ minViews: '1', sortBy: 'shares' })).toMatchObject({ minViews: 1, sortBy: 'shares' });
    expect(problem(listQuerySchema('facebook').safeParse({ minViews: '1' }))).toBe('unknown parameter: minViews');
  });

  it.each(SOCIAL_PLATFORMS)('LIST_FILTERS names exactly the %s filters the schema accepts', (platform) => {
    const params = Object.keys(listQuerySchema(platform).shape).filter(
      (k) => !['page', 'limit', 'sortBy', 'sortOrder', 'dataset', 'teamId'].includes(k),
    );
    expect([...LIST_FILTERS[platform]].sort()).toEqual(params.sort());
  });

  it.each([
    [{ minLikes: 'abc' }, 'Min likes must be a whole number, 0 or more'],
    [{ minLikes: '2147483648' }, 'Min likes must be at most 2,147,483,647'],
    [{ page: '0' }, 'Page must be a whole number from 1 to 10,000,000'],
    [{ limit: '500' }, 'Page size must be between 1 and 100'],
    [{ minViews: '10', maxViews: '5' }, 'Min views must not be greater than Max views'],
    [{ startDate: '2026-11-20', endDate: '2026-11-19' }, 'To date must not be before From date'],
    [{ startDate: 'yesterday' }, 'From date must be a real date, written like 2026-11-20'],
    [{ username: 'x'.repeat(101) }, 'Username must be at most 100 characters'],
    [{ sortOrder: 'up' }, 'Sort order must be asc or desc'],
  ])('for the web app, names %j by the label people see: "%s"', (query, message) => {
    expect(problem(listQuerySchema('twitter', 'labels').safeParse(query))).toBe(message);
  });

  it('labelled and parameter-named schemas accept and answer alike', () => {
    const query = { page: '2', minLikes: '3', startDate: '2026-11-01', mediaType: 'video' };
    expect(listQuerySchema('instagram', 'labels').parse(query)).toEqual(listQuerySchema('instagram').parse(query));
  });

  it('treats a bare end date as the whole of that UTC day', () => {
    const query = listQuerySchema('twitter').parse({ startDate: '2026-11-20', endDate: '2026-11-20' });
    expect(query.startDate?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(query.endDate?.toISOString()).toBe('2026-11-20T23:59:59.999Z');
    const exact = listQuerySchema('twitter').parse({ endDate: '2026-11-20T10:00:00+02:00' });
    expect(exact.endDate?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
  });
});

describe('search query', () => {
  it('accepts text, a platform or all, and a date range; caps results', () => {
    expect(searchQuerySchema.parse({ q: ' $BTC rally ', platform: 'all', startDate: '2026-11-01', endDate: '2026-11-20' })).toMatchObject({
      q: '$BTC rally',
      platform: undefined,
      limit: 50,
      offset: 0,
    });
    expect(searchQuerySchema.parse({ offset: '50' })).toMatchObject({ offset: 50 });
    expect(problem(searchQuerySchema.safeParse({ offset: '1001' }))).toBe('offset must be a whole number from 0 to 1000');
    expect(problem(searchQuerySchema.safeParse({ platform: 'myspace' }))).toBe(
      'platform must be one of all, twitter, instagram, facebook, linkedin',
    );
    expect(problem(searchQuerySchema.safeParse({ limit: '500' }))).toBe('limit must be between 1 and 100');
    expect(problem(searchQuerySchema.safeParse({ q: 'x'.repeat(201) }))).toBe('q must be at most 200 characters');
    expect(problem(searchQuerySchema.safeParse({ startDate: '2026-11-20T00:00:00Z', endDate: '2026-11-19T00:00:00Z' }))).toBe(
      'endDate must not be before startDate',
    );
  });
});

describe('analytics inputs', () => {
  it('defaults to 7 days and accepts only the spec periods', () => {
    expect(trendingInputSchema.parse({})).toEqual({ period: '7d', platform: undefined, limit: 10 });
    expect(problem(trendingInputSchema.safeParse({ period: '1y' }))).toBe('period must be one of 24h, 7d, 30d, 90d');
  });
});
