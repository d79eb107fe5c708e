import type { SearchQueryInput, SearchResult } from '@coinsight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { searchResult, summaries } from '../../test/socialFixtures';
import { StubError, testUser } from '../../test/trpcStub';

function renderExplorer(search: (input: SearchQueryInput) => SearchResult[] = () => [searchResult(1)]) {
  const view = renderApp('/explorer', {
    signedInAs: testUser,
    api: {
      'social.summaries': () => summaries,
      'social.search': (input) => ({ data: search(input) }),
    },
  });
  const searches = () => view.api.callsTo('social.search').map((call) => call.input);
  return { ...view, searches };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search' });
const card = (name: string) => screen.getByRole('button', { name });
// Half a second of debounce before every search: room for it on a loaded machine.
const SETTLED = { timeout: 5_000 };

afterEach(() => {
  vi.useRealTimers();
});

describe('Data Explorer', () => {
  it('asks for a search term and searches for nothing until there is one', async () => {
    const { searches } = renderExplorer();
    await screen.findByRole('heading', { level: 1, name: 'Data Explorer' });
    expect(screen.getByText('Enter a search term to begin')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searches()).toEqual([]);
  });

  it('searches 500 ms after the last change of text, platform or period, once', async () => {
    const { searches } = renderExplorer();
    await screen.findByRole('heading', { level: 1, name: 'Data Explorer' });
    vi.useFakeTimers();

    fireEvent.change(searchBox(), { target: { value: 'bit' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(searchBox(), { target: { value: 'bitcoin' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(searches()).toHaveLength(1);
    const first = searches()[0]!;
    expect(first).toMatchObject({ q: 'bitcoin' });
    expect(first.platform).toBeUndefined();
    expect(Date.parse(first.endDate!) - Date.parse(first.startDate!)).toBe(7 * 24 * 3_600_000);

    fireEvent.change(screen.getByRole('combobox', { name: 'Platform' }), { target: { value: 'instagram' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '24h' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searches()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(searches()).toHaveLength(2);
    const second = searches()[1]!;
    expect(second).toMatchObject({ q: 'bitcoin', platform: 'instagram' });
    expect(Date.parse(second.endDate!) - Date.parse(second.startDate!)).toBe(24 * 3_600_000);

    vi.useRealTimers();
    expect(await screen.findByText('Result 1: bitcoin is moving', {}, SETTLED)).toBeTruthy();
  });

  it('selects a platform card on click, lists only that platform, and lets go on a second click', async () => {
    const { searches } = renderExplorer((input) =>
      input.platform && input.platform !== 'all' ? [searchResult(2, { platform: input.platform, text: `only ${input.platform}` })] : [searchResult(1), searchResult(3, { platform: 'facebook' })],
    );
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: '$BTC' } });
    expect(await screen.findByText('Result 1: bitcoin is moving', {}, SETTLED)).toBeTruthy();
    expect(await within(card('Twitter').closest('li')!).findByText('100', {}, SETTLED)).toBeTruthy();

    fireEvent.click(card('Twitter'));
    expect(card('Twitter').getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('only twitter', {}, SETTLED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Results on Twitter' })).toBeTruthy();
    expect(searches().at(-1)).toMatchObject({ q: '$BTC', platform: 'twitter' });

    fireEvent.click(card('Facebook'));
    expect(card('Facebook').getAttribute('aria-pressed')).toBe('true');
    expect(card('Twitter').getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('only facebook', {}, SETTLED)).toBeTruthy();

    fireEvent.click(card('Facebook'));
    expect(card('Facebook').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Results' })).toBeTruthy();
    expect(await screen.findByText('Result 1: bitcoin is moving', {}, SETTLED)).toBeTruthy();
  });

  it('shows platform summaries with the spec colours for sentiment and change', async () => {
    renderExplorer();
    const twitter = within((await screen.findByRole('button', { name: 'Twitter' })).closest('li')!);
    expect(await twitter.findByText('Positive 75')).toBeTruthy();
    expect(twitter.getByText('+12.5%').getAttribute('style')).toContain('var(--color-positive)');
    const instagram = within(card('Instagram').closest('li')!);
    expect(instagram.getByText('Neutral 50')).toBeTruthy();
    expect(instagram.getByText('−4%').getAttribute('style')).toContain('var(--color-negative)');
    expect(within(card('Facebook').closest('li')!).getByText('Negative 30')).toBeTruthy();
  });

  it('says No results found when the search finds nothing', async () => {
    renderExplorer(() => []);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'zeppelin' } });
    expect(await screen.findByText('No results found', {}, SETTLED)).toBeTruthy();
  });

  it('shows the spec message when the search fails', async () => {
    renderExplorer(() => {
      throw new StubError(500, 'Internal server error');
    });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'bitcoin' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to fetch data. Please try again later.'), SETTLED);
  });
});
