import type { Timeline, TrendingTopics } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { summaries } from '../../test/socialFixtures';
import { StubError, testUser } from '../../test/trpcStub';

// jsdom has no canvas; the chart's own behaviour is seen in the browser test.
vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

const trending: TrendingTopics = {
  period: '7d',
  topics: [
    { id: '$BTC', topic: '$BTC', mentions: 1234, sentiment: 0.72, change24h: 15, relatedTokens: ['ETH', 'SOL'] },
    { id: '#defi', topic: '#defi', mentions: 300, sentiment: 0.35, change24h: -20, relatedTokens: [] },
  ],
};

const timeline: Timeline = {
  period: '7d',
  granularity: 'day',
  buckets: ['2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z'],
  partial: true,
  asOf: '2026-11-21T09:30:00.000Z',
  series: [
    { platform: 'twitter', mentions: [10, 20], sentiment: [0.6, 0.7] },
    { platform: 'instagram', mentions: [1, 0], sentiment: [0.5, null] },
  ],
};

function renderAnalytics(fail = false) {
  const answer =
    <T,>(value: T) =>
    () => {
      if (fail) throw new StubError(500, 'Internal server error');
      return value;
    };
  return renderApp('/social/analytics', {
    signedInAs: testUser,
    api: { 'social.summaries': answer(summaries), 'social.trending': answer(trending), 'social.timeline': answer(timeline) },
  });
}

describe('Social analytics overview', () => {
  it('shows a card for each platform, LinkedIn included, each with a View Details link to its table', async () => {
    renderAnalytics();
    const links = await screen.findAllByRole('link', { name: /^View Details/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/social/twitter',
      '/social/instagram',
      '/social/facebook',
      '/social/linkedin',
    ]);
    const twitter = within(screen.getByRole('heading', { name: 'Twitter', level: 3 }).closest('section')!);
    expect(twitter.getByText('100')).toBeTruthy();
    expect(twitter.getByText('Positive 0.75')).toBeTruthy();
  });

  it('lists trending topics with mentions, sentiment, change and related tokens', async () => {
    renderAnalytics();
    const table = await screen.findByRole('table', { name: 'Trending topics' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['$BTC', '1,234', 'Positive 0.72', '+15%', 'ETHSOL'],
      ['#defi', '300', 'Negative 0.35', '−20%', '—'],
    ]);
  });

  it('charts mentions and sentiment over time', async () => {
    renderAnalytics();
    const charts = await screen.findAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Posts per day, last 7 days. Totals: Twitter 30, Instagram 1.',
      'Mean sentiment per day (0 negative, 0.5 neutral, 1 positive), last 7 days, one line per platform.',
    ]);
  });

  it('asks again for the chosen period', async () => {
    const view = renderAnalytics();
    await screen.findByRole('table', { name: 'Trending topics' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '90d' } });
    await waitFor(() => expect(view.api.callsTo('social.trending').at(-1)?.input).toEqual({ period: '90d', limit: 10 }));
    expect(view.api.callsTo('social.summaries').at(-1)?.input).toEqual({ period: '90d' });
  });

  it('says so when the analytics cannot be loaded', async () => {
    renderAnalytics(true);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getAllByRole('alert')[0]!.textContent).toBe('Failed to load the analytics. Please try again later.');
  });
});
