import { afterAll, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';
import { startE2EStripe } from './stripe';

// A team's bill in a browser (docs/accounts.md, "Teams"; docs/billing.md, "Teams: one bill"): the
// owner at 1280 px renames the team and upgrades it through the (local) Stripe checkout, which
// comes back to the team's screen with the team on Pro and the owner's own plan untouched; the
// billing member at 390 px sees the team's plan, budget and usage but not its keys; removing a
// member and deleting the team ask first.
const { fake, env } = await startE2EStripe('teams');
const e2e = setupE2E({ env, smtp: true });

afterAll(async () => {
  await fake.close();
});

async function api<T>(path: string, token: string, method = 'GET', body?: object): Promise<T> {
  const res = await fetch(e2e.url(path), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

it(
  'team billing: rename, upgrade through checkout back to the team, the billing role at 390 px, confirmations',
  { timeout: 180_000 },
  async () => {
    fake.webhookUrl = e2e.url('/api/billing/stripe-webhook');
    const tag = Date.now().toString(36);
    const owner = await e2e.signUp(`towner${tag}`);
    const payer = await e2e.signUp(`tpayer${tag}`);
    await e2e.confirmEmail(owner);
    const team = await api<{ id: string }>('/api/teams', owner.token, 'POST', { name: 'Acme desk' });
    await api(`/api/teams/${team.id}/invitations`, owner.token, 'POST', { email: payer.email, role: 'billing' });
    const mail = await e2e.smtp.waitForMail(
      (m) => m.envelopeTo.includes(payer.email) && m.headers.subject?.startsWith('You are invited') === true,
    );
    const token = mail.text.match(/\/team-invitation\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    await api('/api/teams/invitations/accept', payer.token, 'POST', { token });

    const page = await e2e.open({ token: owner.token });
    await page.goto(e2e.url('/settings?tab=team'), { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Team Acme desk' }).waitFor();
    await page.getByLabel('Team name', { exact: true }).fill('Acme trading desk');
    await page.getByRole('button', { name: 'Rename team' }).click();
    const region = page.getByRole('region', { name: 'Team Acme trading desk' });
    await region.getByText('Team renamed.').waitFor();
    const billing = region.getByRole('region', { name: 'Team billing' });
    await billing.getByRole('heading', { name: 'Plan: Free' }).waitFor();
    expect(describeViolations((await runAxe(page)).serious), 'team billing, Free').toEqual([]);

    await billing.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    // Back on the team's screen, not the owner's billing tab: Pro once Stripe's signed events arrived.
    await page.waitForURL(
      (url) =>
        url.searchParams.get('tab') === 'team' &&
        url.searchParams.get('team') === team.id &&
        url.searchParams.get('checkout') === 'success',
    );
    const back = page.getByRole('region', { name: 'Team billing' });
    await back.getByRole('heading', { name: 'Plan: Pro' }).waitFor({ timeout: 30_000 });
    await back.getByRole('form', { name: 'Monthly budget' }).waitFor();
    await back.getByRole('button', { name: 'Manage billing' }).waitFor();
    const personal = await api<{ result: { data: { usage: { plan: string } } } }>('/trpc/billing.summary', owner.token);
    expect(personal.result.data.usage.plan).toBe('free');

    // The billing member on a phone: the team's plan and budget, no keys.
    const phone = await e2e.open({ token: payer.token, width: 390, height: 844 });
    await phone.goto(e2e.url(`/settings?tab=team&team=${team.id}`), { waitUntil: 'networkidle' });
    const theirs = phone.getByRole('region', { name: 'Team billing' });
    await theirs.getByRole('heading', { name: 'Plan: Pro' }).waitFor();
    await theirs.getByLabel('Monthly budget (USD)').fill('25');
    await theirs.getByRole('button', { name: 'Save budget' }).click();
    await theirs.getByText(/Budget saved: \$25\.00 a month/).waitFor();
    expect(await phone.getByRole('region', { name: 'Team API keys' }).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(describeViolations((await runAxe(phone)).serious), 'team billing at 390 px').toEqual([]);

    // Removing a member asks first: Cancel keeps them, the confirmation removes them.
    await page.getByRole('button', { name: `Remove ${payer.username}` }).click();
    const ask = page.getByRole('dialog', { name: `Remove ${payer.username} from Acme trading desk?` });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByText(payer.email, { exact: false }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Remove ${payer.username}` }).click();
    await ask.getByRole('button', { name: 'Remove member' }).click();
    await page.getByRole('button', { name: `Remove ${payer.username}` }).waitFor({ state: 'detached' });
    // Deleting the team asks too (here it is on Pro, so the owner cancels rather than be refused).
    await page.getByRole('button', { name: 'Delete team' }).click();
    const del = page.getByRole('dialog', { name: 'Delete Acme trading desk?' });
    await del.getByText('This cannot be undone.', { exact: false }).waitFor();
    expect(describeViolations((await runAxe(page)).serious), 'the delete confirmation').toEqual([]);
    await del.getByRole('button', { name: 'Cancel' }).click();
    await del.waitFor({ state: 'detached' });
  },
);
