import { afterAll, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';
import { startE2EStripe } from './stripe';

// docs/billing.md in a browser: a free user upgrades through the (local) checkout, returns to the
// app as Pro and sees the Pro limits and an invoice. Stripe is the local fake (api/src/test/fake-stripe.ts):
// its checkout page's Pay button starts the subscription, sends Stripe's signed events to the
// app's webhook and redirects to the success URL, as Stripe's hosted checkout does.
const { fake, env } = await startE2EStripe('coinsight');
const e2e = setupE2E({ env });

afterAll(async () => {
  await fake.close();
});

it('a free user upgrades through the checkout, returns as Pro, and sees the Pro limits and an invoice', { timeout: 120_000 }, async () => {
  fake.webhookUrl = e2e.url('/api/billing/stripe-webhook');
  const account = await e2e.signUp(`payer${Date.now().toString(36)}`);
  const page = await e2e.open({ token: account.token });
  await page.goto(e2e.url('/settings?tab=billing'), { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Plan: Free' }).waitFor();
  const figure = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  expect(await figure('Free allowance').textContent()).toBe('1,000 of 1,000 calls left');

  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();

  // Back on the billing tab: Pro once Stripe's signed events have arrived (never from the click).
  await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('checkout') === 'success');
  await page.getByRole('heading', { name: 'Plan: Pro' }).waitFor({ timeout: 30_000 });
  await page.getByText(/Your Pro subscription is active; the current period ends on/).waitFor();
  await page.getByText('None: every call is billed').waitFor();
  expect(await page.getByText(/Pro: 1,000 requests per minute, every call billed at \$0\.15 per 1,000/).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(1);

  const invoices = page.getByRole('table', { name: 'Invoices' });
  const billed = invoices.getByRole('row', { name: /2,000/ });
  await billed.waitFor();
  expect(await billed.textContent()).toMatch(/2,000\$0\.30paidView FAKE-\d{6}/);

  // The account is Pro on the API too: Free's monthly quota no longer applies.
  const me = await fetch(e2e.url('/trpc/billing.summary'), { headers: { authorization: `Bearer ${account.token}` } });
  expect(((await me.json()) as { result: { data: { usage: { plan: string; quota: number | null } } } }).result.data.usage).toMatchObject({
    plan: 'pro',
    quota: null,
  });
  expect(describeViolations((await runAxe(page)).violations), '/settings?tab=billing as Pro').toEqual([]);
});
