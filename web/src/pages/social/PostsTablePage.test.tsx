import type { ListQueryInput, PostPage } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { tweet, twitterPage } from '../../test/socialFixtures';
import { deferred, StubError, testUser } from '../../test/trpcStub';

type Query = ListQueryInput<'twitter'>;

/** Renders the Twitter table with `answer` deciding each page; returns the queries the page asked for. */
function renderTwitter(
  answer: (query: Query) => PostPage<'twitter'> | Promise<PostPage<'twitter'>> = () => twitterPage([tweet(1), tweet(2), tweet(3)]),
  path = '/social/twitter',
) {
  const view = renderApp(path, {
    signedInAs: testUser,
    api: { 'social.list.twitter': answer },
  });
  const queries = () => view.api.callsTo('social.list.twitter').map((call) => call.input);
  return { ...view, queries };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('Twitter table', () => {
  it('loads newest first by default and marks the Date column as sorted descending', async () => {
    const { queries } = renderTwitter();
    expect(await screen.findByText('@user1')).toBeTruthy();
    expect(queries()[0]).toEqual({});
    expect(header('Date').getAttribute('aria-sort')).toBe('descending');
    expect(header('Likes').getAttribute('aria-sort')).toBe('none');
    expect(header('User').getAttribute('aria-sort')).toBeNull();
  });

  it('sorts a new column ascending, the same column again descending, and another column ascending again', async () => {
    const { queries } = renderTwitter();
    await screen.findByText('@user1');

    fireEvent.click(within(header('Likes')).getByRole('button'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'likes', sortOrder: 'asc' }));
    expect(header('Likes').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Date').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header('Likes')).getByRole('button'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'likes', sortOrder: 'desc' }));
    expect(header('Likes').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(header('Views')).getByRole('button'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'views', sortOrder: 'asc' }));

    fireEvent.click(within(header('Date')).getByRole('button'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'created_at', sortOrder: 'asc' }));
  });

  it("docs/security.md §24: the My data switch asks for the account's own posts from page 1, keeps the sort, and Shared data goes back", async () => {
    const { queries } = renderTwitter(undefined, '/social/twitter?page=2&sortBy=likes&sortOrder=asc');
    await screen.findByText('@user1');
    expect(screen.getByRole('radio', { name: 'Shared data' })).toHaveProperty('checked', true);
    expect(screen.getByRole('table', { name: 'Twitter posts' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'My data' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'likes', sortOrder: 'asc', dataset: 'mine' }));
    expect(await screen.findByRole('table', { name: 'Your Twitter posts' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Shared data' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'likes', sortOrder: 'asc' }));
  });

  it("a team's data: offered for the teams whose role reads it (not billing), asked for with its teamId from page 1", async () => {
    const view = renderApp('/social/twitter?page=2', {
      signedInAs: testUser,
      api: {
        'social.list.twitter': () => twitterPage([tweet(1)]),
        'teams.list': () => [
          { id: 'team_AAAAAAAAAAAAAAAA', name: 'Desk', role: 'member', plan: 'free' },
          { id: 'team_BBBBBBBBBBBBBBBB', name: 'Ledger', role: 'billing', plan: 'pro' },
        ],
      },
    });
    const queries = () => view.api.callsTo('social.list.twitter').map((call) => call.input);
    fireEvent.click(await screen.findByRole('radio', { name: 'Desk data' }));
    expect(screen.queryByRole('radio', { name: 'Ledger data' })).toBeNull();
    await waitFor(() => expect(queries().at(-1)).toEqual({ dataset: 'mine', teamId: 'team_AAAAAAAAAAAAAAAA' }));
    expect(await screen.findByRole('table', { name: "The team's Twitter posts" })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'My data' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ dataset: 'mine' }));
  });

  it('a new sort goes back to the first page', async () => {
    const { queries } = renderTwitter(() => twitterPage([tweet(1)], { total: 60, page: 2, pages: 3 }), '/social/twitter?page=2');
    await screen.findByText('@user1');
    expect(queries()[0]).toEqual({ page: '2' });
    fireEvent.click(within(header('Replies')).getByRole('button'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ sortBy: 'replies', sortOrder: 'asc' }));
  });

  it('jumps to a page typed in digits within 1..last, and says why it refuses anything else', async () => {
    const { queries } = renderTwitter((q) => twitterPage([tweet(Number(q.page ?? 1))], { total: 75, page: Number(q.page ?? 1), pages: 3 }));
    await screen.findByText('@user1');
    const input = screen.getByLabelText('Go to page');
    const go = screen.getByRole('button', { name: 'Go' });

    fireEvent.change(input, { target: { value: '2a' } });
    fireEvent.click(go);
    expect(screen.getByRole('alert').textContent).toBe('Enter a page number using digits only');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.click(go);
    expect(screen.getByRole('alert').textContent).toBe('Enter a page number from 1 to 3');

    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(go);
    expect(screen.getByRole('alert').textContent).toBe('Enter a page number from 1 to 3');
    expect(queries()).toHaveLength(1);

    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(go);
    expect(await screen.findByText('@user3')).toBeTruthy();
    expect(queries().at(-1)).toEqual({ page: '3' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('steps with Previous and Next', async () => {
    const { queries } = renderTwitter((q) => twitterPage([tweet(Number(q.page ?? 1))], { total: 75, page: Number(q.page ?? 1), pages: 3 }));
    await screen.findByText('@user1');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('@user2')).toBeTruthy();
    expect(screen.getByText('Showing 26–50 of 75 posts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('@user1')).toBeTruthy();
    expect(queries().map((q) => q.page)).toEqual([undefined, '2', undefined]);
  });

  it('expands a row to its full text on click and folds it on a second click', async () => {
    renderTwitter();
    await screen.findByText('@user2');
    const text = screen.getByRole('button', { name: /^Post number 2/ });
    expect(text.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByText('@user2'));
    expect(text.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /^Post number 1/ }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(text);
    expect(text.getAttribute('aria-expanded')).toBe('false');
  });

  it('applies filters checked with the shared schema, naming a wrong one beside its field', async () => {
    const { queries } = renderTwitter();
    await screen.findByText('@user1');
    fireEvent.change(screen.getByLabelText('Min views'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Min views must be a whole number, 0 or more')).toBeTruthy();
    expect(queries()).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Min views'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ username: 'alice', minViews: '500' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({}));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });

  it('says No data found when nothing matches', async () => {
    renderTwitter(() => twitterPage([]));
    expect(await screen.findByRole('cell', { name: 'No data found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows the spec message when the posts cannot be fetched', async () => {
    renderTwitter(() => {
      throw new StubError(500, 'Internal server error');
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch Twitter data. Please try again later.');
  });

  it('shows a loading state first', async () => {
    // The answer waits, so the page's own status is seen whatever the machine's speed (the lazily
    // loaded route's fallback is a status too, and an immediate answer would replace the page's).
    const answer = deferred<PostPage<'twitter'>>();
    renderTwitter(() => answer.promise);
    expect((await screen.findByText('Loading Twitter posts…')).getAttribute('role')).toBe('status');
    answer.resolve(twitterPage([tweet(1)]));
    await waitFor(() => expect(screen.queryByText('Loading Twitter posts…')).toBeNull());
  });
});

describe('an estimated total', () => {
  it('is shown as "about N", pages included', async () => {
    renderTwitter(
      () => twitterPage([tweet(1)], { total: 20_000, page: 1, pages: 800, totalIsEstimate: true }),
      '/social/twitter?minViews=1000',
    );
    expect(await screen.findByText('Showing 1–25 of about 20,000 posts')).toBeTruthy();
    expect(screen.getByText('Page 1 of about 800')).toBeTruthy();
  });
});

describe('an address the table cannot show', () => {
  const past = (q: Query) => {
    const page = Number(q.page ?? 1);
    return twitterPage(page <= 55 ? [tweet(page)] : [], { total: 1_356, page, pages: 55 });
  };

  it('past the last page, says how many pages there are and offers the last one', async () => {
    const { queries } = renderTwitter(past, '/social/twitter?page=9999');
    expect(await screen.findByText('There is no page 9,999: the 1,356 posts fill 55 pages.')).toBeTruthy();
    expect(screen.queryByText('No data found')).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the last page' }));
    expect(await screen.findByText('@user55')).toBeTruthy();
    expect(queries().at(-1)).toEqual({ page: '55' });
    expect(screen.getByText('Page 55 of 55')).toBeTruthy();
    expect(screen.getByText('Showing 1,351–1,356 of 1,356 posts')).toBeTruthy();
  });

  it.each([
    ['?minLikes=abc', 'Min likes', 'Min likes must be a whole number, 0 or more'],
    ['?startDate=2026-11-20&endDate=2026-11-19', 'To date', 'To date must not be before From date'],
  ])('a malformed filter (%s) is named beside its field at once, and nothing is asked of the server', async (search, field, message) => {
    const { queries } = renderTwitter(undefined, `/social/twitter${search}`);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(field).getAttribute('aria-describedby')).toBeTruthy();
    expect(queries()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByText('@user1')).toBeTruthy();
    expect(queries()).toEqual([{}]);
  });

  it('a malformed page or sort in the address is named too, with a way back to the first page', async () => {
    const { queries } = renderTwitter(undefined, '/social/twitter?page=2x');
    expect((await screen.findByRole('alert')).textContent).toContain('Page must be a whole number from 1 to 10,000,000');
    expect(queries()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show the first page' }));
    expect(await screen.findByText('@user1')).toBeTruthy();
  });

  it('shows the server’s reason for a refusal instead of an outage message', async () => {
    renderTwitter(() => {
      throw new StubError(400, 'limit must be between 1 and 100');
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('limit must be between 1 and 100');
    expect(alert.textContent).not.toContain('try again later');
  });
});

describe('other platforms', () => {
  it('Instagram offers a media type filter and the spec wording when it fails', async () => {
    renderApp('/social/instagram', {
      signedInAs: testUser,
      api: {
        'social.list.instagram': () => {
          throw new StubError(500, 'Internal server error');
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch Instagram data. Please try again later.');
    expect(screen.getByRole('combobox', { name: 'Media type' })).toBeTruthy();
  });

  it('Facebook and LinkedIn use their own wording too', async () => {
    const fail = () => {
      throw new StubError(500, 'Internal server error');
    };
    const fb = renderApp('/social/facebook', { signedInAs: testUser, api: { 'social.list.facebook': fail } });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch Facebook data. Please try again later.');
    fb.unmount();
    renderApp('/social/linkedin', { signedInAs: testUser, api: { 'social.list.linkedin': fail } });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch LinkedIn data. Please try again later.');
  });
});
