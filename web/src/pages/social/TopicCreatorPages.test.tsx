import type { CreatorOverview, SearchResult, TopicOverview } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser } from '../../test/trpcStub';

// jsdom has no canvas; the charts themselves are seen in the browser test.
vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));
vi.mock('../market/CandleChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

const post: SearchResult = {
  _id: '1',
  platform: 'twitter',
  userRef: { username: 'amy' },
  text: 'Love this $BTC breakout #bitcoin',
  createdAt: '2026-11-28T10:00:00.000Z',
  hashtags: ['bitcoin'],
  symbols: ['BTC'],
  sentiment: 0.8,
  likes: 10,
  comments: 0,
  shares: 0,
  views: 100,
  retweets: 1,
};

const topic = (period: TopicOverview['period']): TopicOverview => ({
  topic: '$BTC',
  kind: 'coin',
  period,
  asset: { symbol: 'BTC', name: 'Bitcoin' },
  mentions: 3,
  sentiment: 0.72,
  change24h: 50,
  timeline: {
    granularity: 'day',
    buckets: ['2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z'],
    partial: true,
    asOf: '2026-11-28T10:30:00.000Z',
    mentions: [1, 2],
    sentiment: [0.6, 0.8],
  },
  platforms: [
    { platform: 'twitter', mentions: 2, sentiment: 0.8 },
    { platform: 'instagram', mentions: 0, sentiment: 0.5 },
    { platform: 'facebook', mentions: 1, sentiment: 0.6 },
    { platform: 'linkedin', mentions: 0, sentiment: 0.5 },
  ],
  relatedTokens: ['ETH'],
  topCreators: [{ platform: 'linkedin', username: 'Priya Patel', displayName: null, followers: 40, mentions: 2, sentiment: 0.7 }],
  topPosts: [post],
});

const creator: CreatorOverview = {
  platform: 'twitter',
  username: 'amy',
  displayName: 'Amy Chen',
  followers: 1200,
  period: '30d',
  posts: 2,
  engagement: 30,
  sentiment: 0.7,
  timeline: { buckets: ['2026-11-28T00:00:00.000Z'], asOf: '2026-11-28T10:30:00.000Z', posts: [2], engagement: [30], sentiment: [0.7] },
  topics: [
    { topic: '$BTC', mentions: 2, sentiment: 0.8 },
    { topic: '#bitcoin', mentions: 1, sentiment: 0.8 },
  ],
  recentPosts: [post],
};

function renderPage(path: string) {
  return renderApp(path, {
    signedInAs: testUser,
    api: {
      'social.topic': (input) => {
        if (!/^[$#]/.test(input.topic)) throw new StubError(400, 'topic must be a coin such as $BTC or a hashtag such as #defi');
        return topic(input.period || '7d');
      },
      'social.creator': (input) => {
        if (input.handle !== 'amy') throw new StubError(404, `No Twitter creator named ${input.handle} has posts here`);
        return creator;
      },
      'market.history': (input) => ({
        symbol: 'BTC',
        interval: input.interval,
        candles: [{ time: '2026-11-28T00:00:00.000Z', open: 1, high: 2, low: 1, close: 2, volume: 1 }],
      }),
    },
  });
}

describe('/topics/:topic', () => {
  it("shows a coin's figures, its price with mentions, the platforms, top creators and top posts, each linked", async () => {
    const { api } = renderPage('/topics/%24BTC');
    expect(await screen.findByRole('heading', { level: 1, name: '$BTC' })).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: /^BTC price over the last 7 days, last price \$2\.00, with mentions of \$BTC per day/ }),
    ).toBeTruthy();
    expect(api.callsTo('social.topic')[0]?.input).toEqual({ topic: '$BTC', period: '7d' });
    expect(screen.getByRole('link', { name: 'Bitcoin market page' }).getAttribute('href')).toBe('/market/BTC');
    expect(screen.getByRole('link', { name: '$ETH' }).getAttribute('href')).toBe('/topics/%24ETH');
    const platforms = within(screen.getByRole('list', { name: 'Mentions of $BTC per platform' }));
    expect(platforms.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Twitter2 posts',
      'Instagram0 posts',
      'Facebook1 post',
      'LinkedIn0 posts',
    ]);
    const creators = within(screen.getByRole('table', { name: 'Top creators for $BTC' }));
    expect(creators.getByRole('link', { name: 'Priya Patel' }).getAttribute('href')).toBe('/creators/linkedin/Priya%20Patel');
    const top = within(screen.getByRole('article'));
    expect(top.getByRole('link', { name: '@amy' }).getAttribute('href')).toBe('/creators/twitter/amy');
    expect(top.getByRole('link', { name: '#bitcoin' }).getAttribute('href')).toBe('/topics/%23bitcoin');
  });

  it('keeps the period in the address', async () => {
    const { api, router } = renderPage('/topics/%24BTC?period=30d');
    await screen.findByRole('link', { name: 'Bitcoin market page' });
    expect(api.callsTo('social.topic')[0]?.input).toMatchObject({ period: '30d' });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90d' } });
    await waitFor(() => expect(router.state.location.search).toBe('?period=90d'));
  });

  it('says when the address is not a topic', async () => {
    renderPage('/topics/BTC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not a topic' })).toBeTruthy();
  });
});

describe('/creators/:platform/:handle', () => {
  it('shows the figures, charts, the coins and hashtags they name, and their latest posts', async () => {
    renderPage('/creators/twitter/amy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Amy Chen (@amy)' })).toBeTruthy();
    expect(screen.getByText('1,200')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Posts per day, last 30 days: 2 in all.' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Coins' }))
        .getByRole('link', { name: '$BTC' })
        .getAttribute('href'),
    ).toBe('/topics/%24BTC');
    expect(
      within(screen.getByRole('table', { name: 'Hashtags' }))
        .getByRole('link', { name: '#bitcoin' })
        .getAttribute('href'),
    ).toBe('/topics/%23bitcoin');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when there is no such creator', async () => {
    renderPage('/creators/twitter/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator not found' })).toBeTruthy();
  });

  it('says so for a platform Coinsight does not collect, without asking', async () => {
    const { api } = renderPage('/creators/myspace/amy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator not found' })).toBeTruthy();
    expect(api.callsTo('social.creator')).toEqual([]);
  });
});
