import type { PostsByPlatform, SocialPlatform } from '@coinsight/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../../components/ui';
import { PLATFORM_COLUMNS } from './platformColumns';

const base = {
  _id: 'p1',
  userRef: { username: 'satoshi' },
  text: 'Buying $BTC',
  createdAt: '2026-11-20T12:34:00.000Z',
  hashtags: [],
  symbols: ['BTC'],
  sentiment: 0.8,
};

const posts: PostsByPlatform = {
  twitter: { ...base, views: 12_345, likes: 10, replies: 2, retweets: 3 },
  instagram: { ...base, likes: 11, comments: 4, mediaType: 'video', location: 'Lisbon' },
  facebook: { ...base, likes: 12, comments: 5, shares: 6, reactions: { like: 7, love: 0, haha: 1, wow: 0, sad: 0, angry: 0 } },
  linkedin: { ...base, views: 2_000, likes: 13, comments: 8, shares: 9 },
};

/** Each column as the table shows it: header, key, alignment, sort button, and the first row's cell. */
function shown<P extends SocialPlatform>(platform: P) {
  const columns = PLATFORM_COLUMNS[platform](new Set()) as TableColumn<PostsByPlatform[P]>[];
  return columns.map((column) => {
    const { container } = render(<MemoryRouter>{column.cell(posts[platform])}</MemoryRouter>);
    return [column.header, column.key, column.align ?? 'start', column.sortable ? 'sortable' : '', container.textContent];
  });
}

// Pins what each platform's table shows before its columns come from one table.
describe('the posts table columns per platform (docs/product.md §3 fields)', () => {
  it('Twitter: handle, post, date, then views, likes, replies, retweets (sortable), sentiment', () => {
    expect(shown('twitter')).toEqual([
      ['User', 'user', 'start', '', '@satoshi'],
      ['Post', 'text', 'start', '', 'Buying $BTC'],
      ['Date', 'created_at', 'start', 'sortable', expect.stringContaining('Nov')],
      ['Views', 'views', 'end', 'sortable', '12,345'],
      ['Likes', 'likes', 'end', 'sortable', '10'],
      ['Replies', 'replies', 'end', 'sortable', '2'],
      ['Retweets', 'retweets', 'end', 'sortable', '3'],
      ['Sentiment', 'sentiment', 'start', '', expect.any(String)],
    ]);
  });

  it('Instagram: media and location before the date, then likes and comments', () => {
    expect(shown('instagram')).toEqual([
      ['User', 'user', 'start', '', '@satoshi'],
      ['Post', 'text', 'start', '', 'Buying $BTC'],
      ['Media', 'mediaType', 'start', '', 'video'],
      ['Location', 'location', 'start', '', 'Lisbon'],
      ['Date', 'created_at', 'start', 'sortable', expect.stringContaining('Nov')],
      ['Likes', 'likes', 'end', 'sortable', '11'],
      ['Comments', 'comments', 'end', 'sortable', '4'],
      ['Sentiment', 'sentiment', 'start', '', expect.any(String)],
    ]);
  });

  it('Instagram: a dash for no media type and no location', () => {
    const columns = PLATFORM_COLUMNS.instagram(new Set());
    const row = { ...posts.instagram, mediaType: null, location: null };
    const cells = columns
      .filter((c) => c.key === 'mediaType' || c.key === 'location')
      .map((c) => render(<>{c.cell(row)}</>).container.textContent);
    expect(cells).toEqual(['—', '—']);
  });

  it('Facebook: likes, comments, shares, then the reactions given', () => {
    expect(shown('facebook')).toEqual([
      ['User', 'user', 'start', '', '@satoshi'],
      ['Post', 'text', 'start', '', 'Buying $BTC'],
      ['Date', 'created_at', 'start', 'sortable', expect.stringContaining('Nov')],
      ['Likes', 'likes', 'end', 'sortable', '12'],
      ['Comments', 'comments', 'end', 'sortable', '5'],
      ['Shares', 'shares', 'end', 'sortable', '6'],
      ['Reactions', 'reactions', 'start', '', '👍 7😆 1'],
      ['Sentiment', 'sentiment', 'start', '', expect.any(String)],
    ]);
  });

  it('LinkedIn: the author by name (no handles), then views, likes, comments, shares', () => {
    expect(shown('linkedin')).toEqual([
      ['User', 'user', 'start', '', 'satoshi'],
      ['Post', 'text', 'start', '', 'Buying $BTC'],
      ['Date', 'created_at', 'start', 'sortable', expect.stringContaining('Nov')],
      ['Views', 'views', 'end', 'sortable', '2,000'],
      ['Likes', 'likes', 'end', 'sortable', '13'],
      ['Comments', 'comments', 'end', 'sortable', '8'],
      ['Shares', 'shares', 'end', 'sortable', '9'],
      ['Sentiment', 'sentiment', 'start', '', expect.any(String)],
    ]);
  });

  it("links every author to their creator page, a LinkedIn member's name as it is", () => {
    const { getByRole } = render(
      <MemoryRouter>
        {PLATFORM_COLUMNS.twitter(new Set())[0]!.cell(posts.twitter)}
        {PLATFORM_COLUMNS.linkedin(new Set())[0]!.cell({ ...posts.linkedin, userRef: { username: 'Priya Patel' } })}
      </MemoryRouter>,
    );
    expect(getByRole('link', { name: '@satoshi' }).getAttribute('href')).toBe('/creators/twitter/satoshi');
    expect(getByRole('link', { name: 'Priya Patel' }).getAttribute('href')).toBe('/creators/linkedin/Priya%20Patel');
  });

  it("writes one's own posts' authors without a link: a creator page is the shared dataset's", () => {
    const { container } = render(<MemoryRouter>{PLATFORM_COLUMNS.twitter(new Set(), false)[0]!.cell(posts.twitter)}</MemoryRouter>);
    expect(container.textContent).toBe('@satoshi');
    expect(container.querySelector('a')).toBeNull();
  });
});
