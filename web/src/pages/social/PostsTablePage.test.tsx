import type { ListInput, PostPage } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { tweet, twitterPage } from '../../test/socialFixtures';
import { StubError, testUser } from '../../test/trpcStub';

type Query = Extract<ListInput, { platform: 'twitter' }>['query'];

/** Renders the Twitter table with `answer` deciding each page; returns the queries the page asked for. */
function renderTwitter(answer: (query: Query) => PostPage<'twitter'> = () => twitterPage([tweet(1), tweet(2), tweet(3)]), path = '/social/twitter') {
  const view = renderApp(path, {
    signedInAs: testUser,
    api: { 'social.list': (input) => (input.platform === 'twitter' ? answer(input.query) : twitterPage([])) },
  });
  const queries = () => view.api.callsTo('social.list').map((call) => call.input.query);
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
    expect(screen.getByText('minViews must be a whole number from 0 to 9007199254740991')).toBeTruthy();
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
    renderTwitter();
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Loading Twitter posts…')).toBeTruthy();
  });
});

describe('other platforms', () => {
  it('Instagram offers a media type filter and the spec wording when it fails', async () => {
    renderApp('/social/instagram', {
      signedInAs: testUser,
      api: {
        'social.list': () => {
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
    const fb = renderApp('/social/facebook', { signedInAs: testUser, api: { 'social.list': fail } });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch Facebook data. Please try again later.');
    fb.unmount();
    renderApp('/social/linkedin', { signedInAs: testUser, api: { 'social.list': fail } });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch LinkedIn data. Please try again later.');
  });
});
