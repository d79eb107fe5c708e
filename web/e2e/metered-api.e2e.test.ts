import { describe, expect, it } from 'vitest';
import { answerTo } from './answers';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// The metered API (docs/api-limits.md): a browser verifies an email from the mail it receives,
// creates a key in settings, sees a call made with it on the billing tab, and each call in
// the request log of the api tab.
const e2e = setupE2E({ smtp: true });

describe('the metered API from a browser', () => {
  it(
    'confirms the address from the mail, creates a key, and the billing tab counts the call made with it',
    { timeout: 120_000 },
    async () => {
      const account = await e2e.signUp(`meter${Date.now().toString(36)}`);
      const mail = await e2e.smtp.waitForMail(
        (m) => m.envelopeTo.includes(account.email) && m.headers.subject === 'Confirm your Coinsight email address',
        30_000,
      );
      const path = mail.text.match(/\/confirm-email\?token=[A-Za-z0-9_-]+/)?.[0];
      if (!path) throw new Error(`No confirmation link in the mail:\n${mail.text}`);

      const page = await e2e.open({ token: account.token });
      await page.goto(e2e.url(path), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Confirm Email Address' }).click();
      // The answer's own words: any status on the page before it would not mean the address is confirmed.
      await page.getByRole('status').filter({ hasText: 'Your email address is confirmed. You can now create API keys.' }).waitFor();

      await page.goto(e2e.url('/settings?tab=api'), { waitUntil: 'networkidle' });
      await page.getByLabel('Key name').fill('Browser test');
      await page.getByRole('button', { name: 'Create API Key' }).click();
      const secret = (await page.getByRole('region', { name: 'New API key' }).locator('code').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^cs_live_/);

      const call = await fetch(e2e.url('/v1/crypto/prices?symbols=BTC,ETH'), { headers: { authorization: `Bearer ${secret}` } });
      expect(call.status).toBe(200);
      expect(call.headers.get('ratelimit-limit')).toBe('100');

      await page.goto(e2e.url('/settings?tab=billing'), { waitUntil: 'networkidle' });
      const calls = page.getByText('API calls this month').locator('xpath=following-sibling::dd');
      expect(await calls.textContent()).toBe('1');
      const table = page.getByRole('table', { name: 'Calls this month per key' });
      expect(await table.getByRole('row', { name: /Browser test/ }).textContent()).toContain('1');
      expect(await page.getByText('Free allowance').locator('xpath=following-sibling::dd').textContent()).toBe('999 of 1,000 calls left');

      // The request log lists each call, the refused one too, and filters by status.
      const refused = await fetch(e2e.url('/v1/crypto/prices?symbols=NOPE'), { headers: { authorization: `Bearer ${secret}` } });
      expect(refused.status).toBe(400);
      const requestId = refused.headers.get('x-request-id') ?? '';
      await page.goto(e2e.url('/settings?tab=api'), { waitUntil: 'networkidle' });
      const requests = page.getByRole('table', { name: 'Requests' });
      // Rows are written about a second after the answer, later on a loaded machine: refresh (waiting
      // for each answer) until the refused call is in. A count of refreshes would be a race with
      // the writer's timer; the poll's deadline is not.
      await expect
        .poll(
          async () => {
            if ((await requests.getByText(requestId).count()) > 0) return true;
            await answerTo(page, 'apiKeys.requests', {}, () => page.getByRole('button', { name: 'Refresh' }).click());
            return false;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);
      const row = requests.getByRole('row').filter({ hasText: requestId });
      expect(await row.textContent()).toMatch(/GET \/v1\/crypto\/prices.*getCryptoPrices.*400/);
      expect(
        await requests
          .getByRole('row')
          .filter({ hasText: /GET \/v1\/crypto\/prices.*200/ })
          .count(),
      ).toBe(1);
      await answerTo(page, 'apiKeys.requests', { status: '4xx' }, () => page.getByLabel('Status').selectOption('4xx'));
      // The answer is in; the table shows it once React has rendered it, which a loaded machine may delay.
      await expect.poll(() => requests.getByRole('row').filter({ hasText: '/v1/' }).count(), { timeout: 30_000 }).toBe(1);
      expect(await requests.getByRole('row').filter({ hasText: requestId }).count()).toBe(1);

      // With usage, a chart and a key listed: accessible, and usable on a phone in dark mode.
      const phone = await e2e.open({ token: account.token, width: 390, colorScheme: 'dark' });
      await phone.goto(e2e.url('/settings?tab=billing'), { waitUntil: 'networkidle' });
      // This server has no Stripe: the tab says Pro cannot be bought here.
      await phone.getByText('Paid plans are not available on this server.').waitFor();
      expect(await phone.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);
      expect(describeViolations((await runAxe(phone)).violations), 'dark /settings?tab=billing at 390 px').toEqual([]);
      const scrollWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
    },
  );
});
