import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// The front door (docs/web-app.md): a browser signs up, verifies, creates a key, opens /api directly (a refresh
// too), makes a call from the Sandbox with that key and sees the real answer with its rate-limit
// headers, then finds that call on the dashboard. /api, /sandbox and /dashboard: axe-clean, 390 px.
const e2e = setupE2E({ smtp: true });

async function expectFitsAndAxeClean(page: Page, where: string): Promise<void> {
  expect(describeViolations((await runAxe(page)).serious), `axe on ${where}`).toEqual([]);
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(client);
}

describe("the API's front door in a browser", () => {
  it(
    'verifies, creates a key, reads /api loaded directly, calls from the Sandbox, finds the call on the dashboard',
    { timeout: 170_000 },
    async () => {
      const account = await e2e.signUp(`door${Date.now().toString(36)}`);
      const mail = await e2e.smtp.waitForMail(
        (m) => m.envelopeTo.includes(account.email) && m.headers.subject === 'Confirm your Coinsight email address',
        30_000,
      );
      const confirm = mail.text.match(/\/confirm-email\?token=[A-Za-z0-9_-]+/)?.[0];
      if (!confirm) throw new Error(`No confirmation link in the mail:\n${mail.text}`);

      const page = await e2e.open({ token: account.token, width: 390, height: 844 });

      // A new account: the dashboard's first steps, none done yet.
      await page.goto(e2e.url('/dashboard'), { waitUntil: 'networkidle' });
      const steps = page.getByRole('list', { name: 'Getting started steps' });
      await steps.waitFor();
      expect(await steps.getByRole('listitem').locator('p').first().textContent()).toBe('Confirm your email address (to do)');
      await expectFitsAndAxeClean(page, '/dashboard (new account) at 390 px');

      await page.goto(e2e.url(confirm), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Confirm Email Address' }).click();
      await page.getByText('Your email address is confirmed. You can now create API keys.').waitFor();

      await page.goto(e2e.url('/settings?tab=api'), { waitUntil: 'networkidle' });
      await page.getByLabel('Key name').fill('Front door');
      // The key list is asked for again after the create; leaving mid-request would abort it.
      const relisted = page.waitForResponse((response) => response.url().includes('/trpc/apiKeys.list'));
      await page.getByRole('button', { name: 'Create API Key' }).click();
      const secret = (await page.getByRole('region', { name: 'New API key' }).locator('code').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^cs_live_/);
      await relisted;

      // /api opened directly, then refreshed: the SPA's page each time, never the REST 404.
      const direct = await page.goto(e2e.url('/api'), { waitUntil: 'networkidle' });
      expect(direct?.status()).toBe(200);
      expect(direct?.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByRole('heading', { level: 1, name: 'API Reference' }).waitFor();
      const reloaded = await page.reload({ waitUntil: 'networkidle' });
      expect(reloaded?.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByRole('heading', { level: 1, name: 'API Reference' }).waitFor();
      const prices = page.locator('article', { has: page.getByRole('heading', { level: 4, name: 'GET /v1/crypto/prices' }) });
      await prices.waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThan(5);
      await prices.locator('summary').click();
      await prices.getByText('Example request').waitFor();
      await expectFitsAndAxeClean(page, '/api at 390 px, an endpoint expanded');

      // The endpoint's own link leads to the Sandbox with it chosen and its example filled in.
      await prices.getByRole('link', { name: /^Try it in the Sandbox/ }).click();
      await page.waitForURL(e2e.url('/sandbox?op=getCryptoPrices'));
      const symbols = page.getByLabel('symbols', { exact: true });
      await symbols.waitFor();
      expect(await symbols.inputValue()).not.toBe('');
      await page.getByLabel('API key', { exact: true }).fill(secret);
      await page.getByText('This is your key “Front door”', { exact: false }).waitFor();
      const curl = page.getByTestId('curl-line');
      expect(await curl.textContent()).not.toContain(secret);
      const counted = page.waitForResponse((response) => response.url().includes('/trpc/apiKeys.list'));
      // Awaited below, after the answer's checks: should one fail first, the page closes under the
      // wait, and that rejection belongs to the failed test, not to the run.
      counted.catch(() => undefined);
      await page.getByRole('button', { name: 'Send Request' }).click();

      const answer = page.getByRole('region', { name: 'Response body' });
      const status = answer.getByRole('status');
      await status.waitFor();
      expect(await status.textContent()).toMatch(/^200 OK in [\d,]+ ms$/);
      const shown = (await answer.textContent()) ?? '';
      expect(shown).toMatch(/ratelimit-limit100/);
      expect(shown).toMatch(/ratelimit-remaining\d+/);
      expect(shown).toMatch(/ratelimit-reset\d+/);
      expect(shown).toMatch(/x-request-id\S+/);
      expect(shown).toContain('"prices": [');
      await expectFitsAndAxeClean(page, '/sandbox at 390 px, with an answer');
      await counted;
      // The key stays for this tab: a reload keeps it, and the curl line has it when revealed.
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe(secret);
      await page.getByRole('button', { name: 'Show key' }).click();
      expect(await page.getByTestId('curl-line').textContent()).toContain(`Bearer ${secret}'`);

      // The call counts: the dashboard shows it, and the first steps are all done and gone.
      await page.goto(e2e.url('/dashboard'), { waitUntil: 'networkidle' });
      const usage = page.getByRole('region', { name: 'Usage this month' });
      await usage.getByText('of 1,000 calls this month').waitFor();
      expect(Number((await usage.locator('[class*="figureValue"]').textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
      expect(await usage.textContent()).toContain('last call');
      expect(await page.getByRole('list', { name: 'Getting started steps' }).count()).toBe(0);
      await page.getByRole('region', { name: 'Watchlist' }).getByRole('table').waitFor();
      await expectFitsAndAxeClean(page, '/dashboard at 390 px');

      // The same three screens on a wide, dark screen.
      const dark = await e2e.open({ token: account.token, colorScheme: 'dark' });
      for (const path of ['/api', '/sandbox?op=getCryptoPrices', '/dashboard']) {
        await dark.goto(e2e.url(path), { waitUntil: 'networkidle' });
        await dark.getByRole('heading', { level: 1 }).waitFor();
        await expectFitsAndAxeClean(dark, `${path} at 1280 px, dark`);
      }
    },
  );
});
