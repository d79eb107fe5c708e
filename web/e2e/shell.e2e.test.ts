import { describe, expect, it } from 'vitest';
import { setupE2E } from './harness';
import { waitForTitle } from './page-title';

const e2e = setupE2E();
const url = e2e.url;

/** Waits for the page's h1 to read `name`: after a client-side navigation the old page stays until the new one has loaded. */
async function expectHeading(name: string): Promise<void> {
  const { page } = e2e;
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
}

describe('web shell in Chromium', () => {
  // Products and the mobile Scraping Tasks lead to members-only pages (accounts.e2e.test.ts covers
  // those); the menus are exercised here with public pages.
  it('shows the layout and navigates through the Solutions menu', async () => {
    const { page } = e2e;
    await page.goto(url('/'), { waitUntil: 'networkidle' });

    await page.getByRole('banner').waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText(`© ${new Date().getFullYear()} Coinsight`).waitFor();
    await footer.getByText('All systems operational').waitFor();
    // The landing page is its own chunk: the shell (and its footer) can be drawn before it, and the
    // page names the document once it has rendered.
    await expectHeading('Crypto market data and social insights in one API');
    await waitForTitle(page, 'Crypto market data and social analytics · Coinsight');

    const solutions = page.getByRole('button', { name: 'Solutions' });
    expect(await solutions.getAttribute('aria-expanded')).toBe('false');
    await solutions.click();
    expect(await solutions.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'API', exact: true }).click();

    await page.waitForURL(url('/api'));
    await expectHeading('API Reference');
    expect(await solutions.getAttribute('aria-expanded')).toBe('false');
    await page.waitForLoadState('networkidle');
  });

  it('serves the app for an unknown path and shows the not-found page', async () => {
    const { page } = e2e;
    await page.goto(url('/no-such-page'), { waitUntil: 'networkidle' });

    await expectHeading('Page not found');
    await page.getByRole('banner').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(url('/'));
    await page.waitForLoadState('networkidle');
  });

  it('navigates through the mobile menu on a narrow screen', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(url('/'), { waitUntil: 'networkidle' });

    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const panel = page.getByRole('navigation', { name: 'Mobile' });
    await panel.getByRole('button', { name: 'More' }).click();
    await panel.getByRole('link', { name: 'Pricing' }).click();

    await page.waitForURL(url('/pricing'));
    await expectHeading('Pricing');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.waitForLoadState('networkidle');
  });

  it('loads a deep link to an account page outside the layout', async () => {
    const { page } = e2e;
    await page.goto(url('/login'), { waitUntil: 'networkidle' });

    await expectHeading('Sign In');
    expect(await page.getByRole('banner').count()).toBe(0);
  });
});
