import { SOCIAL_PLATFORMS, TABLE_COLUMNS } from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';
import { PLATFORM_COLUMNS } from './platformColumns';
import { downloadPath, exportTaskPath, paramsFromViewState, viewStateFromParams } from './tableView';

describe('a table view in the address', () => {
  it.each(SOCIAL_PLATFORMS)('%s: the contracts name the table columns the page shows, in order', (platform) => {
    expect(PLATFORM_COLUMNS[platform](new Set()).map((column) => column.key)).toEqual([...TABLE_COLUMNS[platform]]);
  });

  it('keeps filters, sort, dataset and hidden columns, never the page, and opens the same address again', () => {
    const params = new URLSearchParams('coin=BTC&minLikes=5&sortBy=likes&sortOrder=asc&dataset=mine&hide=views,nope&page=3&other=1');
    const state = viewStateFromParams('twitter', params);
    expect(state).toEqual({
      filters: { coin: 'BTC', minLikes: '5' },
      sortBy: 'likes',
      sortOrder: 'asc',
      dataset: 'mine',
      hiddenColumns: ['views'],
    });
    expect(paramsFromViewState(state).toString()).toBe('coin=BTC&minLikes=5&sortBy=likes&sortOrder=asc&dataset=mine&hide=views');
  });

  it('downloads what the table shows: its filter, order, dataset and visible columns', () => {
    const params = new URLSearchParams('coin=ETH&sortBy=views&sortOrder=asc&hide=views,retweets&page=2');
    expect(downloadPath('twitter', params, 'csv')).toBe(
      '/api/social/twitter/download?coin=ETH&sortBy=views&sortOrder=asc&format=csv&columns=user%2Ctext%2Ccreated_at%2Clikes%2Creplies%2Csentiment',
    );
    expect(downloadPath('linkedin', new URLSearchParams(), 'json')).toBe('/api/social/linkedin/download?format=json');
  });

  it('offers an Export task with what an export takes of the filter', () => {
    const params = new URLSearchParams('coin=$btc&startDate=2026-11-01&endDate=2026-11-20&minLikes=5&dataset=mine');
    expect(exportTaskPath('facebook', params)).toBe(
      '/tasks?type=export&platforms=facebook&symbols=BTC&from=2026-11-01&to=2026-11-20&dataset=mine',
    );
  });
});
