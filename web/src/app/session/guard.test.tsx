import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { meFor, StubError, testUser } from '../../test/trpcStub';
import { GUARDED_PATHS, isGuardedPath, returnPath } from '.';

const guarded = [
  '/dashboard',
  '/profile',
  '/settings',
  '/social',
  '/social/twitter',
  '/social/instagram',
  '/social/facebook',
  '/social/linkedin',
  '/topics/%24BTC',
  '/creators/twitter/satoshi',
  '/tasks',
  '/scraping-tasks',
  '/explorer',
  '/alerts',
];
const open = [
  ['/', 'Crypto market data and social insights in one API'],
  ['/about', 'About Coinsight'],
  ['/api', 'API Reference'],
  ['/docs', 'Documentation'],
  ['/blog', 'Blog'],
  ['/contact', 'Contact Us'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/pricing', 'Pricing'],
  ['/signup', 'Sign Up'],
  // The front door: live prices and the Sandbox with the public test key, signed out.
  ['/market', 'Market Overview'],
  ['/market/BTC', 'BTC'],
  ['/sandbox', 'API Sandbox'],
] as const;

describe('sign-in guard', () => {
  it('covers the account and data paths and everything under them, and nothing else', () => {
    expect(GUARDED_PATHS).toEqual([
      '/dashboard',
      '/profile',
      '/settings',
      '/social',
      '/topics',
      '/creators',
      '/tasks',
      '/scraping-tasks',
      '/explorer',
      '/alerts',
      '/team-invitation',
    ]);
    for (const path of [...guarded, '/settings/', '/social/twitter/extra']) expect(isGuardedPath(path)).toBe(true);
    for (const path of ['/', '/socialite', '/dashboards', '/docs', '/blog/some-post', '/login']) expect(isGuardedPath(path)).toBe(false);
  });

  it.each(guarded)('sends an anonymous visitor of %s to the sign-in page, remembering where they were', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: path, search: '', hash: '' } });
  });

  it.each(open)('leaves %s open to anonymous visitors', async (path, heading) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('returns to the page, query included, after signing in on the sign-in page', async () => {
    const { router, api } = renderApp('/settings?tab=security', {
      api: {
        'auth.login': ({ email, password }) => {
          if (email !== testUser.email || password !== 'Tr1cky-Lynx-42') throw new StubError(401, 'Invalid email or password');
          return { token: 'fresh-token', user: testUser };
        },
        'auth.me': meFor(testUser, 'fresh-token'),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: testUser.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tr1cky-Lynx-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.search).toBe('?tab=security');
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    expect(api.callsTo('auth.login')).toHaveLength(1);
  });

  it('lets a signed-in user straight in', async () => {
    const { router } = renderApp('/settings', { signedInAs: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('offers to sign in again when the user signs out on a guarded page', async () => {
    const { router } = renderApp('/dashboard', { signedInAs: testUser, api: { 'auth.logout': () => ({ ok: true }) } });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    fireEvent.click(screen.getByRole('button', { name: 'Account menu for satoshi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: { pathname: '/dashboard', search: '', hash: '' } });
  });
});

describe('returnPath', () => {
  it('goes back to where the visitor came from, else to the dashboard', () => {
    expect(returnPath({ from: { pathname: '/social/twitter', search: '?page=2', hash: '#top' } })).toBe('/social/twitter?page=2#top');
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({})).toBe('/dashboard');
  });

  it('never leaves the app', () => {
    expect(returnPath({ from: { pathname: '//evil.example/phish', search: '', hash: '' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: 'https://evil.example', search: '', hash: '' } })).toBe('/dashboard');
  });
});
