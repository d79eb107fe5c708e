import type { SearchQueryInput, SearchResult, SearchResults } from '@coinsight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { searchResult, searchResults, summaries } from '../../test/socialFixtures';
import { StubError, testUser } from '../../test/trpcStub';

function renderExplorer(search: (input: SearchQueryInput) => SearchResult[] | SearchResults = () => [searchResult(1)]) {
  const view = renderApp('/explorer', {
    signedInAs: testUser,
    api: {
      'social.summaries': () => summaries,
      'social.search': (input) => {
        const answer = search(input);
        return Array.isArray(answer) ? searchResults(answer) : answer;
      },
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

// Each search waits out the half-second debounce, several times a test: room for that on a loaded machine.
describe('Data Explorer', { timeout: 30_000 }, () => {
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
      input.platform && input.platform !== 'all'
        ? [searchResult(2, { platform: input.platform, text: `only ${input.platform}` })]
        : [searchResult(1), searchResult(3, { platform: 'facebook' })],
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
    expect(await screen.findByRole('heading', { name: 'Results' }, SETTLED)).toBeTruthy();
    expect(await screen.findByText('Result 1: bitcoin is moving', {}, SETTLED)).toBeTruthy();
  });

  it('shows platform summaries with the spec colours for sentiment and change', async () => {
    renderExplorer();
    const twitter = within((await screen.findByRole('button', { name: 'Twitter' })).closest('li')!);
    expect(await twitter.findByText('Positive 0.75')).toBeTruthy();
    expect(twitter.getByText('+12.5%').getAttribute('style')).toContain('var(--color-positive)');
    const instagram = within(card('Instagram').closest('li')!);
    expect(instagram.getByText('Neutral 0.50')).toBeTruthy();
    expect(instagram.getByText('−4%').getAttribute('style')).toContain('var(--color-negative)');
    expect(within(card('Facebook').closest('li')!).getByText('Negative 0.30')).toBeTruthy();
  });

  it("docs/security.md §24: searches the shared data, or with My data the account's own posts", async () => {
    const { searches } = renderExplorer();
    await screen.findByRole('heading', { level: 1, name: 'Data Explorer' });
    fireEvent.change(searchBox(), { target: { value: 'zorblax' } });
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ q: 'zorblax', dataset: 'shared' }), SETTLED);
    fireEvent.click(screen.getByRole('radio', { name: 'My data' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ q: 'zorblax', dataset: 'mine' }), SETTLED);
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

  it('counts the results and loads more of them on request', async () => {
    const page = (offset: number, count: number) => Array.from({ length: count }, (_, i) => searchResult(offset + i + 1));
    const { searches } = renderExplorer((input) => {
      const offset = Number(input.offset ?? 0);
      return offset === 0
        ? searchResults(page(0, 50), { total: 120, nextOffset: 50 })
        : searchResults(page(offset, 50), { total: 120, nextOffset: 100 });
    });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'bitcoin' } });
    expect(await screen.findByText('Showing 50 of 120 results', {}, SETTLED)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(50);

    fireEvent.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByText('Showing 100 of 120 results')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(100);
    expect(screen.getByText('Result 100: bitcoin is moving')).toBeTruthy();
    expect(searches().map((s) => s.offset)).toEqual([0, 50]);
  });

  it('says when the count stopped short, and where loading more ends', async () => {
    renderExplorer(() => searchResults([searchResult(1)], { total: 10_000, totalCapped: true }));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'bitcoin' } });
    expect(await screen.findByText('Showing 1 of 10,000+ results', {}, SETTLED)).toBeTruthy();
    expect(screen.getByText('These are the first 1: narrow the search or the period to see the rest.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
  });

  it('the platform cards show how many posts match the search on each platform', async () => {
    renderExplorer(() =>
      searchResults([searchResult(1)], {
        platforms: [
          { platform: 'twitter', matches: 1_234, capped: false },
          { platform: 'instagram', matches: 1, capped: false },
          { platform: 'facebook', matches: 0, capped: false },
          { platform: 'linkedin', matches: 10_000, capped: true },
        ],
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Data Explorer' });
    expect(screen.queryByText(/matching post/)).toBeNull();
    fireEvent.change(searchBox(), { target: { value: '$BTC' } });
    expect(await within(card('Twitter').closest('li')!).findByText('1,234 matching posts', {}, SETTLED)).toBeTruthy();
    expect(within(card('Instagram').closest('li')!).getByText('1 matching post')).toBeTruthy();
    expect(within(card('Facebook').closest('li')!).getByText('0 matching posts')).toBeTruthy();
    expect(within(card('LinkedIn').closest('li')!).getByText('10,000+ matching posts')).toBeTruthy();
  });

  it('the dropdown and the cards are one choice: picking Twitter after the Instagram card shows Twitter', async () => {
    const { searches } = renderExplorer((input) => [
      searchResult(2, {
        platform: input.platform && input.platform !== 'all' ? input.platform : 'twitter',
        text: `on ${input.platform ?? 'all'}`,
      }),
    ]);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: '$BTC' } });
    const dropdown = screen.getByRole('combobox', { name: 'Platform' }) as HTMLSelectElement;

    fireEvent.click(card('Instagram'));
    expect(dropdown.value).toBe('instagram');
    expect(await screen.findByText('on instagram', {}, SETTLED)).toBeTruthy();

    fireEvent.change(dropdown, { target: { value: 'twitter' } });
    expect(card('Twitter').getAttribute('aria-pressed')).toBe('true');
    expect(card('Instagram').getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('on twitter', {}, SETTLED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Results on Twitter' })).toBeTruthy();
    expect(searches().at(-1)).toMatchObject({ platform: 'twitter' });
  });

  it('LinkedIn can be chosen like the others, from the dropdown or its card', async () => {
    const { searches } = renderExplorer((input) => [
      searchResult(4, { platform: 'linkedin', text: `linkedin for ${input.platform ?? 'all'}` }),
    ]);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'ethereum' } });
    const dropdown = screen.getByRole('combobox', { name: 'Platform' }) as HTMLSelectElement;
    expect([...dropdown.options].map((o) => o.text)).toEqual(['All platforms', 'Twitter', 'Instagram', 'Facebook', 'LinkedIn']);

    fireEvent.click(card('LinkedIn'));
    expect(dropdown.value).toBe('linkedin');
    expect(await screen.findByText('linkedin for linkedin', {}, SETTLED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Results on LinkedIn' })).toBeTruthy();
    expect(searches().at(-1)).toMatchObject({ q: 'ethereum', platform: 'linkedin' });
  });
});
