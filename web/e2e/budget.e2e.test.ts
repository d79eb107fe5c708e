import { afterAll, describe, expect, it } from 'vitest';
import { setupE2E } from './harness';
import { startE2EStripe } from './stripe';

// Budgets (docs/billing.md) in a browser: a user who became Pro through the (local) checkout sets a budget and sees
// the 80% mail when usage crosses it.
const { fake, env } = await startE2EStripe('budget');
const e2e = setupE2E({ smtp: true, env });

afterAll(async () => {
  await fake.close();
});

describe('a monthly budget from a browser', () => {
  it(
    'a Pro user sets a $0.01 budget in the billing tab; the call that reaches 80% of it brings the mail',
    { timeout: 180_000 },
    async () => {
      const account = await e2e.signUp(`budget${Date.now().toString(36)}`);
      await e2e.confirmEmail(account);
      const page = await e2e.open({ token: account.token });

      // Pro through the local checkout: the fake's Pay button sends Stripe's signed events.
      fake.webhookUrl = e2e.url('/api/billing/stripe-webhook');
      await page.goto(e2e.url('/settings?tab=billing'), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
      await page.getByRole('button', { name: 'Pay and subscribe' }).click();
      await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('checkout') === 'success');
      await page.getByRole('heading', { name: 'Plan: Pro' }).waitFor({ timeout: 30_000 });

      // Tabs switch in the app (a page load would abort the tab's reads still in flight).
      await page.getByRole('tab', { name: 'API' }).click();
      await page.getByLabel('Key name').fill('Budget test');
      await page.getByRole('button', { name: 'Create API Key' }).click();
      const secret = (await page.getByRole('region', { name: 'New API key' }).locator('code').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^cs_live_/);

      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.getByLabel('Monthly budget (USD)').fill('0.01');
      await page.getByRole('button', { name: 'Save budget' }).click();
      expect(await page.getByRole('status').filter({ hasText: 'Budget saved' }).textContent()).toBe(
        'Budget saved: $0.01 a month (66 calls). Calls past it are still billed.',
      );

      // $0.01 pays for 66 calls; the 54th costs $0.0081, 80% of it.
      for (let i = 0; i < 54; i++) {
        const call = await fetch(e2e.url('/v1/crypto/prices?symbols=BTC'), { headers: { authorization: `Bearer ${secret}` } });
        expect(call.status).toBe(200);
      }
      const mail = await e2e.smtp.waitForMail(
        (m) => m.envelopeTo.includes(account.email) && m.headers.subject === 'Coinsight: 80% of your $0.01 API budget used',
        30_000,
      );
      expect(mail.text).toContain('80% of your monthly budget of $0.01');
      expect(e2e.smtp.mails.filter((m) => m.envelopeTo.includes(account.email) && /budget/.test(m.headers.subject ?? ''))).toHaveLength(1);

      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.getByText('Budget used').locator('xpath=following-sibling::dd').textContent()).toBe('81% of $0.01');
      expect(await page.getByText('Cost this month').locator('xpath=following-sibling::dd').textContent()).toBe('$0.01');
    },
  );
});
