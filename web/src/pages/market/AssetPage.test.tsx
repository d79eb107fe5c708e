import type { MarketAssetDetail, MarketHistory } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser } from '../../test/trpcStub';
import { overview } from './marketFixtures';

// jsdom has no canvas; the charts themselves are seen in the browser test.
vi.mock('./CandleChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));
vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

const btc = overview.assets[0]!;

const detail = (interval: MarketAssetDetail['interval']): MarketAssetDetail => ({
  asset: btc,
  interval,
  from: '2026-10-24T10:05:00.000Z',
  to: '2026-11-23T10:05:00.000Z',
  social: {
    bucket: interval === '1m' ? 'hour' : 'day',
    points: [
      { time: '2026-11-22T00:00:00.000Z', mentions: 4, sentiment: 0.8 },
      { time: '2026-11-23T00:00:00.000Z', mentions: 2, sentiment: 0.5 },
    ],
    mentions: 6,
    sentiment: 0.7,
    sentimentPosts: 6,
  },
});

const candles = (interval: MarketHistory['interval'], count: number): MarketHistory => ({
  symbol: 'BTC',
  interval,
  candles: Array.from({ length: count }, (_, i) => ({
    time: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(),
    open: 100 + i,
    high: 102 + i,
    low: 99 + i,
    close: 101 + i,
    volume: 10,
  })),
});

function renderAsset(path = '/market/BTC', signedIn = true) {
  return renderApp(path, {
    ...(signedIn ? { signedInAs: testUser } : {}),
    api: {
      'market.overview': () => overview,
      'market.asset': (input) => {
        if (input.symbol !== 'BTC') throw new StubError(404, `${input.symbol} is not a tracked asset`);
        return detail(input.interval);
      },
      'market.history': (input) => candles(input.interval, input.interval === '1m' ? 3 : 2),
      'social.search': () => ({ data: [], total: 0, totalCapped: false, platforms: [], nextOffset: null }),
    },
  });
}

describe('/market/:symbol', () => {
  it('is public: signed out it shows the figures with its own title and description, and asks nothing of an account', async () => {
    // index.html's tag, which the page rewrites while it is shown.
    const meta = Object.assign(document.createElement('meta'), { name: 'description', content: 'The site' });
    document.head.append(meta);
    const { api } = renderAsset('/market/BTC', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin (BTC)' })).toBeTruthy();
    expect(screen.getByText('$97,412.35')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Bitcoin (BTC) · Coinsight'));
    await waitFor(() =>
      expect(meta.content).toBe(
        'Bitcoin (BTC) price today: live price, 24h change, market cap, volume, price chart, social mentions and sentiment on Coinsight.',
      ),
    );
    meta.remove();
    expect(screen.getByText(/to see the latest posts that name \$BTC/)).toBeTruthy();
    expect(api.callsTo('social.search')).toHaveLength(0);
  });

  it('shows the figures, the hourly chart, mentions and sentiment, and a prefilled alert link', async () => {
    const { api } = renderAsset();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin (BTC)' })).toBeTruthy();
    expect(screen.getByText('$97,412.35')).toBeTruthy();
    expect(screen.getByText('19,950,000 BTC')).toBeTruthy();
    // The stored candles, then the header's live price (a later hour) as the last: one price on the page.
    expect(
      await screen.findByRole('img', {
        name: 'BTC candlestick chart, last 30 days, hourly candles: 3 candles with mentions of $BTC per day as bars, last price $97,412.35',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/6 posts name \$BTC/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create alert' }).getAttribute('href')).toBe('/alerts?symbol=BTC&price=97412');
    expect(api.callsTo('social.search')[0]?.input).toMatchObject({ q: '$BTC' });
  });

  it('puts the mentions on the price chart, and their sentiment when asked', async () => {
    renderAsset();
    expect(await screen.findByText(/Mentions of \$BTC per day \(left axis\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show sentiment' }));
    expect(
      await screen.findByRole('img', { name: /mentions of \$BTC per day as bars and their mean sentiment as a line, last price/ }),
    ).toBeTruthy();
  });

  it('switches the candle interval, asking for that history and saying which is chosen', async () => {
    const { api } = renderAsset();
    await screen.findByRole('img', { name: /hourly candles/ });
    const group = screen.getByRole('group', { name: 'Candle interval' });
    expect(within(group).getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(group).getByRole('button', { name: '1m' }));
    expect(
      await screen.findByRole('img', {
        name: /last 24 hours, minute candles: 4 candles with mentions of \$BTC per hour as bars, last price \$97,412\.35$/,
      }),
    ).toBeTruthy();
    expect(within(group).getByRole('button', { name: '1m' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(api.callsTo('market.asset').map((call) => call.input.interval)).toContain('1m'));
    expect(api.callsTo('market.history').map((call) => call.input.interval)).toEqual(['1h', '1m']);
  });

  it('says clearly when the symbol is not a tracked asset', async () => {
    renderAsset('/market/NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset not found' })).toBeTruthy();
    expect(screen.getByText('Coinsight does not track an asset with the ticker “NOPE”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /market overview/ }).getAttribute('href')).toBe('/market');
  });
});
