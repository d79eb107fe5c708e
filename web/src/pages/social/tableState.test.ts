import { describe, expect, it } from 'vitest';
import { nextSort, queryFromParams, sortFromParams } from './tableState';

describe('nextSort (docs/product.md §4)', () => {
  it('toggles the direction when the same column is clicked again', () => {
    expect(nextSort({ sortBy: 'created_at', sortOrder: 'desc' }, 'created_at')).toEqual({ sortBy: 'created_at', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'likes', sortOrder: 'asc' }, 'likes')).toEqual({ sortBy: 'likes', sortOrder: 'desc' });
  });

  it('starts a new column ascending, whatever the direction before', () => {
    expect(nextSort({ sortBy: 'created_at', sortOrder: 'desc' }, 'likes')).toEqual({ sortBy: 'likes', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'likes', sortOrder: 'asc' }, 'views')).toEqual({ sortBy: 'views', sortOrder: 'asc' });
  });
});

describe('the table query in the address', () => {
  it('defaults to created_at descending', () => {
    expect(sortFromParams('twitter', new URLSearchParams())).toEqual({ sortBy: 'created_at', sortOrder: 'desc' });
  });

  it('ignores a sort column the platform does not have', () => {
    expect(sortFromParams('instagram', new URLSearchParams('sortBy=views&sortOrder=asc'))).toEqual({
      sortBy: 'created_at',
      sortOrder: 'asc',
    });
  });

  it("keeps only the platform's own parameters, and none that are blank", () => {
    const params = new URLSearchParams('page=2&sortBy=likes&minViews=10&maxViews=&mediaType=video&utm_source=x');
    expect(queryFromParams('twitter', params)).toEqual({ page: '2', sortBy: 'likes', minViews: '10' });
    expect(queryFromParams('instagram', params)).toEqual({ page: '2', sortBy: 'likes', mediaType: 'video' });
  });
});
