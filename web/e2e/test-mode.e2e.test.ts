import { PUBLIC_TEST_API_KEY } from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';
import { setupE2E } from './harness';
import { waitForTitle } from './page-title';

// The front door, signed out. The Sandbox calls with the public test key (the
// fixed test dataset, GET only), and /market and an asset page show live prices, the asset page
// with its own title and description for sharing and search.
const e2e = setupE2E();

describe('a signed-out visitor at the front door', () => {
  it('uses the Sandbox with the public test key, then opens /market and an asset page', { timeout: 400_000 }, async () => {
    const page = await e2e.open({ token: null });

    await page.goto(e2e.url('/sandbox?op=getCryptoPrices'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'API Sandbox' }).waitFor();
    expect(page.url()).toBe(e2e.url('/sandbox?op=getCryptoPrices'));
    await page.getByRole('heading', { level: 2, name: 'Public test key' }).waitFor();
    expect(await page.getByTestId('curl-line').textContent()).not.toContain(PUBLIC_TEST_API_KEY);
    await page.getByRole('button', { name: 'Send Request' }).click();
    const answer = page.getByRole('region', { name: 'Response body' });
    const status = answer.getByRole('status');
    // The first test-mode call after a start opens the test dataset: allow a loaded machine its time.
    await status.waitFor({ timeout: 300_000 });
    expect(await status.textContent()).toMatch(/^200 OK in [\d,]+ ms$/);
    const shown = (await answer.textContent()) ?? '';
    expect(shown).toContain('"prices": [');
    expect(shown).toContain('"asOf": "2026-01-01T00:00:00.000Z"');

    // The public key reads only: creating an alert is refused, with the reason.
    await page.goto(e2e.url('/sandbox?op=createAlert'), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Send Request' }).click();
    await answer.getByRole('status').waitFor({ timeout: 60_000 });
    expect(await answer.getByRole('status').textContent()).toMatch(/^403 Forbidden in [\d,]+ ms$/);
    expect(await answer.textContent()).toContain('The public test key is read-only');
    // That refusal is the one problem the browser reports, and the expected one.
    expect(e2e.takeProblems()).toEqual([
      expect.stringMatching(/^HTTP 403: POST \S+\/v1\/alerts\/create$/),
      'console error: Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ]);

    // /market and an asset page, signed out: real-time prices, no sign-in page.
    await page.goto(e2e.url('/market'), { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Market Overview' }).waitFor();
    expect(page.url()).toBe(e2e.url('/market'));
    const btcRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Bitcoin BTC' }) });
    await btcRow.getByRole('link', { name: 'Bitcoin BTC' }).click();
    await page.waitForURL(e2e.url('/market/BTC'));
    await page.getByRole('heading', { level: 1, name: 'Bitcoin (BTC)' }).waitFor();
    await waitForTitle(page, 'Bitcoin (BTC) · Coinsight');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Bitcoin \(BTC\) price today: /);
    await page.getByText('to see the latest posts that name $BTC.').waitFor();
  });
});
