import type { PublicUser } from '@coinsight/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { trpc } from '../../lib/trpc';
import { QueryLayer } from '../dataLayer/QueryLayer';
import { renderApp } from '../../test/renderApp';
import { deferred, meFor, StubError, TEST_TOKEN, testUser, type Handlers } from '../../test/trpcStub';
import { LOGIN_FAILED_MESSAGE, SIGNUP_FAILED_MESSAGE, TOKEN_STORAGE_KEY, useSession } from '.';

const credentials = { email: testUser.email, password: 'Tr1cky-Lynx-42' };

/** Shows the session state and offers its actions as buttons. */
function Probe() {
  const session = useSession();
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState('');
  const run = (name: string, action: () => Promise<unknown>) => () => {
    action().then(
      () => setOutcome(`${name} resolved`),
      (error: unknown) => setOutcome(`${name} rejected: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <>
      <dl>
        <dt>user</dt>
        <dd data-testid="user">{session.user?.username ?? 'none'}</dd>
        <dt>token</dt>
        <dd data-testid="token">{session.token ?? 'none'}</dd>
        <dt>authenticated</dt>
        <dd data-testid="authenticated">{String(session.isAuthenticated)}</dd>
        <dt>error</dt>
        <dd data-testid="error">{session.error ?? 'none'}</dd>
      </dl>
      <p data-testid="outcome">{outcome}</p>
      <button onClick={run('login', () => session.login(credentials))}>login</button>
      <button onClick={run('signup', () => session.signup({ username: 'satoshi', ...credentials }))}>signup</button>
      <button onClick={run('logout', () => session.logout())}>logout</button>
      <button onClick={() => session.clearError()}>clear error</button>
      <button onClick={run('ping', () => utils.client.system.health.query())}>ping</button>
    </>
  );
}

const routes = [
  {
    path: '/',
    element: (
      <QueryLayer>
        <Probe />
      </QueryLayer>
    ),
  },
];

function renderProbe(api: Handlers = {}, storedToken?: string) {
  if (storedToken) window.localStorage.setItem(TOKEN_STORAGE_KEY, storedToken);
  return renderApp('/', { routes, api });
}

const text = (id: string) => screen.getByTestId(id).textContent;

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await waitFor(() => expect(text('outcome')).toMatch(new RegExp(`^${name} `)));
}

describe('session at start', () => {
  it('without a stored token: not loading, signed out, and nothing is fetched', async () => {
    const { api } = renderProbe();

    expect(await screen.findByTestId('authenticated')).toBeTruthy();
    expect(text('authenticated')).toBe('false');
    expect(text('token')).toBe('none');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(api.callsTo('auth.me')).toHaveLength(0);
  });

  it('with a stored token: shows the full-page spinner while it fetches the user with that token, then signs in', async () => {
    const answer = deferred<PublicUser | null>();
    const { api } = renderProbe({ 'auth.me': () => answer.promise }, TEST_TOKEN);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByTestId('user')).toBeNull();
    await waitFor(() => expect(api.callsTo('auth.me')).toHaveLength(1));
    expect(api.callsTo('auth.me')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);

    await act(async () => answer.resolve(testUser));
    expect(await screen.findByTestId('user')).toBeTruthy();
    expect(text('user')).toBe('satoshi');
    expect(text('token')).toBe(TEST_TOKEN);
    expect(text('authenticated')).toBe('true');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it.each([
    ['the server no longer knows the token', () => null],
    ['the fetch fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server errs', () => Promise.reject(new StubError(500, 'Internal server error'))],
  ])('signs out silently when %s: token, user and the stored token are cleared', async (_case, me) => {
    renderProbe({ 'auth.me': me }, 'stale-token');

    expect(await screen.findByTestId('authenticated')).toBeTruthy();
    expect(text('authenticated')).toBe('false');
    expect(text('token')).toBe('none');
    expect(text('error')).toBe('none');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('login and signup', () => {
  it('login stores token and user, in state and in storage, and later requests carry the token', async () => {
    const { api } = renderProbe({ 'auth.login': () => ({ token: 'fresh-token', user: testUser }) });
    await screen.findByTestId('user');

    await click('login');
    expect(text('outcome')).toBe('login resolved');
    expect(api.callsTo('auth.login')[0]?.input).toEqual(credentials);
    expect(api.callsTo('auth.login')[0]?.authorization).toBeNull();
    expect(text('user')).toBe('satoshi');
    expect(text('token')).toBe('fresh-token');
    expect(text('authenticated')).toBe('true');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');

    await click('ping');
    expect(api.callsTo('system.health').at(-1)?.authorization).toBe('Bearer fresh-token');
  });

  it('signup stores token and user', async () => {
    const { api } = renderProbe({ 'auth.signup': () => ({ token: 'new-account-token', user: testUser }) });
    await screen.findByTestId('user');

    await click('signup');
    expect(api.callsTo('auth.signup')[0]?.input).toEqual({ username: 'satoshi', ...credentials });
    expect(text('token')).toBe('new-account-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-account-token');
  });

  it.each([
    ['login', 'auth.login', new StubError(401, 'Invalid email or password'), 'Invalid email or password'],
    [
      'login',
      'auth.login',
      new StubError(429, 'Too many failed sign-in attempts. Please wait and try again.'),
      'Too many failed sign-in attempts. Please wait and try again.',
    ],
    ['login', 'auth.login', new TypeError('Failed to fetch'), LOGIN_FAILED_MESSAGE],
    ['login', 'auth.login', new StubError(500, 'Internal server error'), LOGIN_FAILED_MESSAGE],
    ['signup', 'auth.signup', new StubError(409, 'An account with this email already exists'), 'An account with this email already exists'],
    ['signup', 'auth.signup', new StubError(400, 'Password is too common'), 'Password is too common'],
    ['signup', 'auth.signup', new TypeError('Failed to fetch'), SIGNUP_FAILED_MESSAGE],
  ])('a failed %s (%s answering %s) clears the session, sets the error and rejects', async (action, path, failure, message) => {
    renderProbe({ 'auth.me': meFor(testUser, 'old-token'), [path]: () => Promise.reject(failure) }, 'old-token');
    await waitFor(() => expect(text('authenticated')).toBe('true'));

    await click(action);
    expect(text('outcome')).toMatch(new RegExp(`^${action} rejected`));
    expect(text('error')).toBe(message);
    expect(text('user')).toBe('none');
    expect(text('token')).toBe('none');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'clear error' }));
    expect(text('error')).toBe('none');
  });
});

describe('logout', () => {
  it('ends the session on the server with the token, then forgets it, its storage, the header and the query cache', async () => {
    const { api, queryClient } = renderProbe({ 'auth.me': meFor(testUser), 'auth.logout': () => ({ ok: true }) }, TEST_TOKEN);
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    await click('ping');
    expect(api.callsTo('system.health').at(-1)?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    queryClient.setQueryData(['private'], 'belongs to satoshi');

    await click('logout');
    expect(api.callsTo('auth.logout')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(text('authenticated')).toBe('false');
    expect(text('token')).toBe('none');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['private'])).toBeUndefined();

    await click('ping');
    expect(api.callsTo('system.health').at(-1)?.authorization).toBeNull();
  });

  it('signs out here even when the server cannot be told', async () => {
    renderProbe({ 'auth.me': meFor(testUser), 'auth.logout': () => Promise.reject(new TypeError('Failed to fetch')) }, TEST_TOKEN);
    await waitFor(() => expect(text('authenticated')).toBe('true'));

    await click('logout');
    expect(text('outcome')).toBe('logout resolved');
    expect(text('authenticated')).toBe('false');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

/** What the browser does when another tab of the site stores or removes the token. */
function otherTabStores(token: string | null) {
  act(() => {
    const oldValue = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_STORAGE_KEY, oldValue, newValue: token, storageArea: window.localStorage }),
    );
  });
}

describe('another tab', () => {
  it('signing out there signs out here, without asking the server again, and forgets the query cache', async () => {
    const { api, queryClient } = renderProbe({ 'auth.me': meFor(testUser) }, TEST_TOKEN);
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    queryClient.setQueryData(['private'], 'belongs to satoshi');

    otherTabStores(null);
    expect(text('authenticated')).toBe('false');
    expect(text('token')).toBe('none');
    expect(queryClient.getQueryData(['private'])).toBeUndefined();
    expect(api.callsTo('auth.logout')).toHaveLength(0);

    await click('ping');
    expect(api.callsTo('system.health').at(-1)?.authorization).toBeNull();
  });

  it('signing in there signs in here with the token it stored', async () => {
    const { api } = renderProbe({ 'auth.me': meFor(testUser, 'other-tab-token') });
    await screen.findByTestId('user');
    expect(text('authenticated')).toBe('false');

    otherTabStores('other-tab-token');
    await waitFor(() => expect(text('authenticated')).toBe('true'));
    expect(text('user')).toBe('satoshi');
    expect(text('token')).toBe('other-tab-token');
    expect(api.callsTo('auth.me').at(-1)?.authorization).toBe('Bearer other-tab-token');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('a fresh token from a password change there keeps this tab signed in as the same user, using the new token', async () => {
    const me = deferred<PublicUser | null>();
    const { api } = renderProbe(
      { 'auth.me': (input, call) => (call.authorization === 'Bearer renewed-token' ? me.promise : meFor(testUser)(input, call)) },
      TEST_TOKEN,
    );
    await waitFor(() => expect(text('authenticated')).toBe('true'));

    otherTabStores('renewed-token');
    // Still signed in while the user is fetched again: a guarded page does not leave.
    expect(text('authenticated')).toBe('true');
    await waitFor(() => expect(api.callsTo('auth.me').at(-1)?.authorization).toBe('Bearer renewed-token'));
    await act(async () => me.resolve(testUser));
    expect(text('user')).toBe('satoshi');
    expect(text('token')).toBe('renewed-token');
  });

  it('a token there that the server does not know signs this tab out', async () => {
    renderProbe({ 'auth.me': meFor(testUser) }, TEST_TOKEN);
    await waitFor(() => expect(text('authenticated')).toBe('true'));

    otherTabStores('revoked-token');
    await waitFor(() => expect(text('authenticated')).toBe('false'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ignores other keys of the storage', async () => {
    renderProbe({ 'auth.me': meFor(testUser) }, TEST_TOKEN);
    await waitFor(() => expect(text('authenticated')).toBe('true'));

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: window.localStorage }));
    });
    expect(text('authenticated')).toBe('true');
  });
});

describe('another tab, on a members-only page', () => {
  it('signing out there sends this tab to the sign-in page without a reload', async () => {
    renderApp('/settings', { signedInAs: testUser });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    otherTabStores(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('signing in there takes this tab from the sign-in page back to the page it asked for', async () => {
    const { router } = renderApp('/settings', { api: { 'auth.me': meFor(testUser) } });
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });

    otherTabStores(TEST_TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
  });
});
