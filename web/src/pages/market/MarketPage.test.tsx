import type { MarketOverview } from '@coinsight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { testUser, type Handlers } from '../../test/trpcStub';
import { overview, sparklines } from './marketFixtures';

function renderMarket(answer: MarketOverview = overview, extra: Handlers = {}) {
  return renderApp('/market', {
    signedInAs: testUser,
    api: { 'market.overview': () => answer, 'market.sparklines': () => sparklines, 'watchlist.get': () => ({ symbols: [] }), ...extra },
  });
}

const rowOf = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) }).closest('tr')!;
const coinsInOrder = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('/market', () => {
  it('shows BTC dominance over the tracked assets, the total cap and a row per asset, formatted and coloured', async () => {
    renderMarket();
    expect(await screen.findByText('84.03%')).toBeTruthy();
    expect(screen.getByText("BTC market cap as a share of the 3 tracked assets' total")).toBeTruthy();
    expect(screen.getByText('$2.29T')).toBeTruthy();
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 10:05:00 AM UTC');

    const btc = rowOf('Bitcoin');
    expect(within(btc).getByText('$97,412.35')).toBeTruthy();
    expect(within(btc).getByText('+2.41%').getAttribute('data-color')).toBe('green');
    expect(within(btc).getByText('$38.5B')).toBeTruthy();
    expect(within(btc).getByText('$1.92T')).toBeTruthy();
    expect(within(btc).getByText('Positive 0.75')).toBeTruthy();
    expect(within(btc).getByText('12 posts')).toBeTruthy();
    expect(within(btc).getByRole('img', { name: 'BTC over 7 days: from $90,000.00 to $97,412.00' })).toBeTruthy();
    expect(within(btc).getByRole('link', { name: 'Bitcoin BTC' }).getAttribute('href')).toBe('/market/BTC');

    const eth = rowOf('Ethereum');
    expect(within(eth).getByText('−1.20%').getAttribute('data-color')).toBe('red');
    expect(within(eth).getByText('1 post')).toBeTruthy();
    // Sub-cent prices keep significant digits instead of reading $0.00; no change is green (docs/product.md §4).
    const pepe = rowOf('Pepe');
    expect(within(pepe).getByText('$0.00001235')).toBeTruthy();
    expect(within(pepe).getByText('0.00%').getAttribute('data-color')).toBe('green');
    expect(within(pepe).getByText('No posts')).toBeTruthy();
    expect(within(pepe).getByText('No data')).toBeTruthy();
  });

  it('sorts by a column: a new column ascending, the same one again descending, announced with aria-sort', async () => {
    renderMarket();
    await screen.findByText('84.03%');
    expect(coinsInOrder()).toEqual(['Bitcoin BTC', 'Ethereum ETH', 'Pepe PEPE']);
    expect(screen.getByRole('columnheader', { name: /#/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: /^Price/ }));
    expect(coinsInOrder()).toEqual(['Pepe PEPE', 'Ethereum ETH', 'Bitcoin BTC']);
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /#/ }).getAttribute('aria-sort')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: /^Price/ }));
    expect(coinsInOrder()).toEqual(['Bitcoin BTC', 'Ethereum ETH', 'Pepe PEPE']);
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /^24h/ }));
    expect(coinsInOrder()).toEqual(['Ethereum ETH', 'Pepe PEPE', 'Bitcoin BTC']);
  });

  it('applies the figures market.live sends, without asking for the overview again', async () => {
    const { api } = renderMarket();
    await screen.findByText('84.03%');
    await waitFor(() => expect(api.streams.of('market.live')).toHaveLength(1));
    await screen.findByText('Live: prices update with every tick');
    const overviewCalls = api.callsTo('market.overview').length;

    const asOf = '2026-11-23T10:05:10.000Z';
    const ticked: MarketOverview = {
      ...overview,
      asOf,
      assets: overview.assets.map((a) => (a.symbol === 'BTC' ? { ...a, price: 98_000, change24h: -0.5, asOf } : a)),
    };
    api.streams.send('market.live', ticked, asOf);

    const btc = rowOf('Bitcoin');
    expect(await within(btc).findByText('$98,000.00')).toBeTruthy();
    expect(within(btc).getByText('−0.50%').getAttribute('data-color')).toBe('red');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 10:05:10 AM UTC');
    expect(api.callsTo('market.overview')).toHaveLength(overviewCalls);
  });

  it('says so when the live stream fails, and falls back to polling', async () => {
    const { api } = renderMarket();
    await screen.findByText('84.03%');
    await waitFor(() => expect(api.streams.of('market.live')).toHaveLength(1));
    await screen.findByText('Live: prices update with every tick');
    api.streams.fail('market.live');
    expect(await screen.findByText('Live prices unavailable: refreshing every 30 s')).toBeTruthy();
    // The figures stay on screen.
    expect(within(rowOf('Bitcoin')).getByText('$97,412.35')).toBeTruthy();
  });

  it('stars a coin into the watchlist and out again, and filters the table to it', async () => {
    let symbols = ['ETH'];
    const { api } = renderMarket(overview, {
      'watchlist.get': () => ({ symbols }),
      'watchlist.toggle': ({ symbol, starred }: { symbol: string; starred: boolean }) => {
        symbols = starred ? [...symbols, symbol] : symbols.filter((s) => s !== symbol);
        return { symbols };
      },
    });
    await screen.findByText('84.03%');
    const star = (name: string) => within(rowOf(name)).getByRole('button', { name: `${name} in your watchlist` });
    await waitFor(() => expect(star('Ethereum').getAttribute('aria-pressed')).toBe('true'));
    expect(star('Bitcoin').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(star('Bitcoin'));
    await waitFor(() => expect(star('Bitcoin').getAttribute('aria-pressed')).toBe('true'));
    expect(api.callsTo('watchlist.toggle')[0]?.input).toEqual({ symbol: 'BTC', starred: true });

    fireEvent.click(screen.getByRole('button', { name: 'Watchlist (2)' }));
    expect(coinsInOrder()).toEqual(['Bitcoin BTC', 'Ethereum ETH']);
    expect(screen.getByRole('table', { name: 'Your watchlist' })).toBeTruthy();

    fireEvent.click(star('Ethereum'));
    await waitFor(() => expect(coinsInOrder()).toEqual(['Bitcoin BTC']));
    expect(api.callsTo('watchlist.toggle')[1]?.input).toEqual({ symbol: 'ETH', starred: false });
    fireEvent.click(screen.getByRole('button', { name: 'All assets' }));
    expect(coinsInOrder()).toEqual(['Bitcoin BTC', 'Ethereum ETH', 'Pepe PEPE']);
  });

  it('keeps both coins of two quick stars starred while the first save answers before the second', async () => {
    const saved: string[] = [];
    const answer: (() => void)[] = [];
    renderMarket(overview, {
      'watchlist.toggle': ({ symbol }) =>
        new Promise((resolve) =>
          answer.push(() => {
            saved.push(symbol);
            resolve({ symbols: [...saved] });
          }),
        ),
    });
    await screen.findByText('84.03%');
    const star = (name: string) => within(rowOf(name)).getByRole('button', { name: `${name} in your watchlist` });
    await waitFor(() => expect(star('Bitcoin').hasAttribute('disabled')).toBe(false));
    fireEvent.click(star('Bitcoin'));
    await waitFor(() => expect(answer).toHaveLength(1));
    fireEvent.click(star('Ethereum'));
    await waitFor(() => expect(answer).toHaveLength(2));

    // The first save answers ['BTC']: Ethereum's save is still on its way, and its star stays.
    answer[0]!();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(star('Ethereum').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Watchlist (2)' })).toBeTruthy();
    answer[1]!();
    await waitFor(() => expect(saved).toEqual(['BTC', 'ETH']));
    expect(star('Bitcoin').getAttribute('aria-pressed')).toBe('true');
    expect(star('Ethereum').getAttribute('aria-pressed')).toBe('true');
  });

  it('asks a visitor to sign in to star a coin, and has no watchlist filter', async () => {
    renderApp('/market', { api: { 'market.overview': () => overview, 'market.sparklines': () => sparklines } });
    await screen.findByText('84.03%');
    expect(within(rowOf('Bitcoin')).getByRole('link', { name: 'Sign in to add Bitcoin to your watchlist' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.queryByRole('button', { name: /^Watchlist/ })).toBeNull();
  });
});
