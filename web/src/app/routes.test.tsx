import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';
import { testUser } from '../test/trpcStub';
import { isGuardedPath } from './session';

// Account and data pages need a user (their guard has its own tests in session/guard.test.tsx).
const signedInWhereNeeded = (path: string) => (isGuardedPath(path) ? { signedInAs: testUser } : {});

// [path, the page's h1, its document title]
const layoutPages = [
  ['/', 'Crypto market data and social insights in one API', 'Crypto market data and social analytics · Coinsight'],
  ['/about', 'About Coinsight', 'About · Coinsight'],
  ['/api', 'API Reference', 'API · Coinsight'],
  ['/docs', 'Documentation', 'Docs · Coinsight'],
  ['/blog', 'Blog', 'Blog · Coinsight'],
  ['/sandbox', 'API Sandbox', 'Sandbox · Coinsight'],
  ['/contact', 'Contact Us', 'Contact · Coinsight'],
  ['/newsletter/confirm', 'Confirm your subscription', 'Confirm your subscription · Coinsight'],
  ['/newsletter/unsubscribe', 'Unsubscribe', 'Unsubscribe · Coinsight'],
  ['/dashboard', 'Dashboard', 'Dashboard · Coinsight'],
  ['/profile', 'Profile', 'Profile · Coinsight'],
  ['/social', 'Social Media Data', 'Social · Coinsight'],
  ['/tasks', 'Tasks', 'Tasks · Coinsight'],
  ['/market', 'Market Overview', 'Market · Coinsight'],
  ['/explorer', 'Data Explorer', 'Data Explorer · Coinsight'],
  ['/settings', 'Settings', 'Settings · Coinsight'],
  ['/alerts', 'Alerts', 'Alerts · Coinsight'],
  ['/social/twitter', 'Twitter Data', 'Twitter · Coinsight'],
  ['/social/instagram', 'Instagram Data', 'Instagram · Coinsight'],
  ['/social/facebook', 'Facebook Data', 'Facebook · Coinsight'],
  ['/social/linkedin', 'LinkedIn Data', 'LinkedIn · Coinsight'],
  ['/social/analytics', 'Social Analytics', 'Social Analytics · Coinsight'],
  ['/terms', 'Terms of Service', 'Terms of Service · Coinsight'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy · Coinsight'],
  ['/signup', 'Sign Up', 'Sign Up · Coinsight'],
  ['/docs/getting-started', 'Getting Started', 'Getting Started · Coinsight'],
  ['/docs/data-analysis', 'Data Analysis', 'Data Analysis · Coinsight'],
  ['/docs/alerts', 'Price Alerts', 'Alerts · Coinsight'],
  ['/resources', 'Resources', 'Resources · Coinsight'],
  ['/pricing', 'Pricing', 'Pricing · Coinsight'],
] as const;

const authPages = [
  ['/login', 'Sign In', 'Sign In · Coinsight'],
  ['/register', 'Create an Account', 'Create an Account · Coinsight'],
  ['/forgot-password', 'Forgot Password', 'Forgot Password · Coinsight'],
  ['/reset-password', 'Reset Password', 'Reset Password · Coinsight'],
  ['/sign-in-link', 'Sign In With Email Link', 'Sign In With Email Link · Coinsight'],
] as const;

describe('routes inside the shared layout', () => {
  it.each(layoutPages)('%s shows its own page in the layout', async (path, heading, title) => {
    renderApp(path, signedInWhereNeeded(path));

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('account routes', () => {
  it.each(authPages)('%s shows its own page outside the shared layout', async (path, heading, title) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Coinsight' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('unknown paths', () => {
  it.each(['/no-such-page', '/social/myspace', '/docs/getting-started/extra'])(
    '%s shows the not-found page inside the layout with a link home',
    async (path) => {
      renderApp(path, signedInWhereNeeded(path));

      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('banner')).toBeTruthy();
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
      await waitFor(() => expect(document.title).toBe('Page not found · Coinsight'));
    },
  );
});
